/** Blog meta defaults when seoDescription / seoKeywords are empty. */
export const DEFAULT_SEO_DESCRIPTION = "Default blog description";
export const DEFAULT_SEO_KEYWORDS = "blog, antivirus, cybersecurity";
