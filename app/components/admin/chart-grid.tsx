/** The horizontal lines of an admin bar chart's SVG, at 0, half and the top (the axis labels' places). */
export function ChartGridLines({ width, height }: { width: number; height: number }) {
  return (
    <>
      {[0, 0.5, 1].map((f) => (
        <line
          key={f}
          x1={0}
          x2={width}
          y1={height * f}
          y2={height * f}
          className="stroke-ink-900/15"
          strokeWidth={1}
          vectorEffect="non-scaling-stroke"
        />
      ))}
    </>
  );
}
