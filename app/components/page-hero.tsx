/** The dark title band of inner pages: it continues the dark header that sits over it. */
export function PageHero({
  title,
  eyebrow,
  children,
}: {
  title: string;
  eyebrow?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="bg-ink-900 text-white">
      <div className="mx-auto max-w-7xl px-4 pt-32 pb-14 sm:px-6 sm:pt-36">
        {eyebrow && <p className="font-semibold tracking-wider text-sand-200 uppercase">{eyebrow}</p>}
        <h1 className="mt-2 font-serif text-4xl font-semibold tracking-tight sm:text-5xl">{title}</h1>
        {children && <div className="mt-4 max-w-2xl text-lg text-white/80">{children}</div>}
      </div>
    </div>
  );
}
