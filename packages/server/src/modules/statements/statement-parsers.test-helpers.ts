// Small parsers for the statement formats, so tests read files back the way a client's
// accounting system would.

export interface CsvSection {
  month: string;
  opening: string;
  closing: string;
  lines: { amount: string; balance: string; counterparty: string; reference: string }[];
}

function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted && ch === '"' && line[i + 1] === '"') {
      cur += '"';
      i++;
    } else if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) {
      cells.push(cur);
      cur = '';
    } else cur += ch;
  }
  cells.push(cur);
  return cells;
}

export function parseCsv(text: string): CsvSection[] {
  const [header, ...rows] = text.trim().split('\r\n');
  const cols = csvCells(header ?? '');
  const at = (cells: string[], name: string) => cells[cols.indexOf(name)] ?? '';
  const sections: CsvSection[] = [];
  for (const row of rows) {
    const cells = csvCells(row);
    const type = at(cells, 'row_type');
    if (type === 'opening')
      sections.push({ month: at(cells, 'section'), opening: at(cells, 'balance'), closing: '', lines: [] });
    const s = sections.at(-1);
    if (!s) throw new Error('line before opening');
    if (type === 'entry')
      s.lines.push({
        amount: at(cells, 'amount'),
        balance: at(cells, 'balance'),
        counterparty: at(cells, 'counterparty'),
        reference: at(cells, 'reference'),
      });
    if (type === 'closing') s.closing = at(cells, 'balance');
  }
  return sections;
}

const signed = (amount: string, indicator: string) => (indicator === 'DBIT' ? `-${amount}` : amount);

export function parseCamt(xml: string) {
  return [...xml.matchAll(/<Stmt>([\s\S]*?)<\/Stmt>/g)].map(([, body = '']) => {
    const bal = (code: string) => {
      const m = new RegExp(
        `<Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="\\w+">([\\d.]+)</Amt><CdtDbtInd>(\\w+)</CdtDbtInd>`,
      ).exec(body);
      return m ? signed(m[1] ?? '', m[2] ?? '') : '';
    };
    return {
      iban: /<IBAN>(\w+)<\/IBAN>/.exec(body)?.[1],
      from: /<FrDtTm>([^<]+)<\/FrDtTm>/.exec(body)?.[1] ?? '',
      opening: bal('OPBD'),
      closing: bal('CLBD'),
      entries: [...body.matchAll(/<Ntry>([\s\S]*?)<\/Ntry>/g)].map(([, e = '']) => {
        const m = /<Amt Ccy="\w+">([\d.]+)<\/Amt><CdtDbtInd>(\w+)<\/CdtDbtInd>/.exec(e);
        return { amount: signed(m?.[1] ?? '', m?.[2] ?? ''), party: /<Nm>([^<]*)<\/Nm>/.exec(e)?.[1] };
      }),
    };
  });
}

export function parseMt940(text: string) {
  const amount = (mark: string, value: string) => `${mark === 'D' ? '-' : ''}${value.replace(',', '.')}`;
  return text
    .split('-\r\n')
    .filter((m) => m.trim())
    .map((m) => {
      const bal = (tag: string) => {
        const r = new RegExp(`:${tag}:([CD])\\d{6}[A-Z]{3}([\\d,]+)`).exec(m);
        return r ? amount(r[1] ?? '', r[2] ?? '') : '';
      };
      return {
        account: /:25:(\S+)/.exec(m)?.[1],
        opening: bal('60F'),
        closing: bal('62F'),
        lines: [...m.matchAll(/:61:\d{6}\d{4}([CD])([\d,]+)N/g)].map(([, mark = '', v = '']) =>
          amount(mark, v),
        ),
      };
    });
}
