import type { ImageRef } from "./images.ts";

/**
 * What the server hands to pages: the shapes of a blog, a recipe and a recipe choice as loaders
 * return them. They live here, not in the models that read them, so components never import from
 * app/server (not even a type).
 */

/** What a blog list card shows; never carries the content. */
export interface BlogCard {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  hasMore: boolean;
  date: string;
  category: string;
  createdAt: number;
  image: ImageRef;
  /** The image's alt text (the title unless the admin wrote one). */
  imageAlt: string;
}

export interface Blog extends BlogCard {
  content: string;
  author: string;
  seoTitle: string;
  seoDescription: string;
  seoKeywords: string;
  updatedAt: number;
  /** Null: a draft. Public reads only ever return blogs whose time has come. */
  publishAt: number | null;
  /** Whether the site's affiliate disclosure shows above the body (the editor's Show disclosure). */
  showDisclosure: boolean;
}

export interface NutritionalValues {
  calories: number;
  protein: number;
  fats: number;
  carbs: number;
}

export interface Recipe {
  id: number;
  slug: string;
  title: string;
  short: string;
  image: ImageRef;
  /** The image's alt text (the title unless the admin wrote one). */
  imageAlt: string;
  steps: string[];
  ingredients: string[];
  nutritionalValues: NutritionalValues;
  type: string | null;
  createdAt: number;
  /** Null: a draft. Public reads only ever return recipes whose time has come. */
  publishAt: number | null;
  /** The yield; null: not given (the card then scales from one). */
  servings: number | null;
  /** Whole minutes; null: not given. */
  prepMinutes: number | null;
  cookMinutes: number | null;
  /** As written; null: the card shows prep plus cook (`totalMinutes` in lib/durations.ts). */
  totalMinutes: number | null;
  notes: string;
  equipment: string[];
}

export interface RecipeChoice {
  id: number;
  title: string;
  /** Drafts and scheduled recipes may be chosen; the blog shows the card once the recipe is published. */
  published: boolean;
}

/** One of the site's pages (About Us, the privacy policy, an owner's own page), as a page shows it. */
export interface SitePage {
  id: number;
  /** The built-in page this is (`about`…), fixed at its path; null: the owner's page at `/{slug}`. */
  builtin: string | null;
  slug: string;
  title: string;
  /** Plain text under the title. */
  intro: string;
  /** Sanitized HTML. */
  content: string;
  seoTitle: string;
  seoDescription: string;
  createdAt: number;
  updatedAt: number;
  /** Null: a draft. Public reads only ever return pages whose time has come. */
  publishAt: number | null;
}
