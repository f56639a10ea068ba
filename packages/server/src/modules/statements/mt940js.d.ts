// mt940js ships no types; tests read MT940 files back with it (fields as its README lists them).
declare module 'mt940js' {
  export interface Mt940Transaction {
    date: Date;
    amount: number;
    currency: string;
    details: string;
    transactionType: string;
    reference: string;
    bankReference?: string;
    extraDetails?: string;
  }
  export interface Mt940Statement {
    transactionReference: string;
    accountIdentification: string;
    currency: string;
    openingBalance: number;
    closingBalance: number;
    transactions: Mt940Transaction[];
  }
  export class Parser {
    constructor(opts?: { no86Structure?: boolean });
    parse(data: string): Mt940Statement[];
  }
}
