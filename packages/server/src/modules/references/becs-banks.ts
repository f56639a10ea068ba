/**
 * AusPayNet, 'BSB Numbers in Australia' (key to abbreviations and BSB numbers): the leading digits of a Bank-State-Branch number name the financial institution. Transcribed subset of the institution prefixes.
 * Where this list comes from and how to replace it with the full directory: docs/decisions.md.
 */
export const BECS_BANK_PREFIXES: readonly { prefix: string; abbreviation: string; bank: string }[] = [
  { prefix: '01', abbreviation: 'ANZ', bank: 'Australia and New Zealand Banking Group Limited' },
  { prefix: '03', abbreviation: 'WBC', bank: 'Westpac Banking Corporation' },
  { prefix: '06', abbreviation: 'CBA', bank: 'Commonwealth Bank of Australia' },
  { prefix: '08', abbreviation: 'NAB', bank: 'National Australia Bank Limited' },
  { prefix: '09', abbreviation: 'RBA', bank: 'Reserve Bank of Australia' },
  { prefix: '10', abbreviation: 'BSA', bank: 'BankSA (a division of Westpac Banking Corporation)' },
  { prefix: '11', abbreviation: 'STG', bank: 'St.George Bank (a division of Westpac Banking Corporation)' },
  { prefix: '12', abbreviation: 'BQL', bank: 'Bank of Queensland Limited' },
  { prefix: '14', abbreviation: 'PIB', bank: 'Rabobank Australia Limited' },
  { prefix: '18', abbreviation: 'MBL', bank: 'Macquarie Bank Limited' },
  {
    prefix: '19',
    abbreviation: 'BOM',
    bank: 'Bank of Melbourne (a division of Westpac Banking Corporation)',
  },
  { prefix: '21', abbreviation: 'CMB', bank: 'JPMorgan Chase Bank, N.A.' },
  { prefix: '22', abbreviation: 'BNP', bank: 'BNP Paribas' },
  { prefix: '23', abbreviation: 'BAL', bank: 'Bank of America, N.A.' },
  { prefix: '24', abbreviation: 'CTI', bank: 'Citibank N.A.' },
  { prefix: '29', abbreviation: 'BOT', bank: 'MUFG Bank, Ltd.' },
  { prefix: '30', abbreviation: 'BWA', bank: 'Bankwest (a division of Commonwealth Bank of Australia)' },
  { prefix: '33', abbreviation: 'STG', bank: 'St.George Bank (a division of Westpac Banking Corporation)' },
  { prefix: '34', abbreviation: 'HBA', bank: 'HSBC Bank Australia Limited' },
  { prefix: '35', abbreviation: 'BOC', bank: 'Bank of China Limited' },
  { prefix: '41', abbreviation: 'DBA', bank: 'Deutsche Bank AG' },
  { prefix: '45', abbreviation: 'OCB', bank: 'Oversea-Chinese Banking Corporation Limited' },
  { prefix: '484', abbreviation: 'MET', bank: 'Suncorp-Metway Limited' },
  {
    prefix: '55',
    abbreviation: 'BML',
    bank: 'Bank of Melbourne (a division of Westpac Banking Corporation)',
  },
  { prefix: '57', abbreviation: 'ASL', bank: 'Australian Settlements Limited' },
  {
    prefix: '610',
    abbreviation: 'ADL',
    bank: 'Adelaide Bank (a division of Bendigo and Adelaide Bank Limited)',
  },
  {
    prefix: '633',
    abbreviation: 'BBL',
    bank: 'Bendigo Bank (a division of Bendigo and Adelaide Bank Limited)',
  },
  { prefix: '73', abbreviation: 'WBC', bank: 'Westpac Banking Corporation' },
  { prefix: '76', abbreviation: 'CBA', bank: 'Commonwealth Bank of Australia' },
  { prefix: '78', abbreviation: 'NAB', bank: 'National Australia Bank Limited' },
  { prefix: '802', abbreviation: 'CUS', bank: 'Cuscal Limited' },
];
