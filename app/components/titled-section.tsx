/**
 * A <section> named by its own heading: the h2 carries `id` and the section is labelled by it, so
 * assistive technology lists the section as a region of that name. The heading is styled as a
 * card's title unless `titleClassName` says otherwise.
 */
export function TitledSection({
  id,
  title,
  className,
  titleClassName = "font-serif text-2xl font-semibold",
  children,
}: {
  id: string;
  title: React.ReactNode;
  className?: string;
  titleClassName?: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={titleClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
