import { BlogCard, type BlogCardData } from "./cards.tsx";
import { TitledSection } from "./titled-section.tsx";

/** "Related stories" under a blog: the cards of up to three related posts; nothing when there are none. */
export function RelatedPosts({ posts }: { posts: BlogCardData[] }) {
  if (posts.length === 0) return null;
  return (
    <TitledSection
      id="related-heading"
      title="Related stories"
      className="mx-auto max-w-7xl px-4 pb-16 sm:px-6"
      titleClassName="font-serif text-3xl font-semibold"
    >
      <ul className="mt-8 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
        {posts.map((post) => (
          <li key={post.slug} className="grid">
            <BlogCard blog={post} />
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
