/** One cell of the results table; `column` names the backend it was measured on, if it depends on one. */
export type Figure = { name: string; column?: string; value: string; budget: string; pass: boolean };

/**
 * The figures as a Markdown table, ready for `bench/README.md`: a row per figure, a column per
 * backend (the embedded defaults first), each cell its value and pass or FAIL. A figure that does
 * not depend on the backend fills its row's first value cell.
 */
export function resultsTable(figures: Figure[]): string[] {
  const columns = [...new Set(figures.flatMap((figure) => (figure.column ? [figure.column] : [])))];
  if (columns.length === 0) columns.push('value');
  const rows = new Map<string, Figure[]>();
  for (const figure of figures) rows.set(figure.name, [...(rows.get(figure.name) ?? []), figure]);
  const cell = (figure: Figure | undefined) =>
    figure ? `${figure.value} — ${figure.pass ? 'pass' : '**FAIL**'}` : '';
  return [
    `| figure | ${columns.join(' | ')} | budget |`,
    `|---|${columns.map(() => '---|').join('')}---|`,
    ...[...rows].map(([name, row]) => {
      const cells = columns.map((column, index) =>
        cell(row.find((figure) => figure.column === column || (index === 0 && figure.column === undefined))),
      );
      return `| ${name} | ${cells.join(' | ')} | ${row[0]?.budget ?? ''} |`;
    }),
  ];
}
