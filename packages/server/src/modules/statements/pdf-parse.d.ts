// pdf-parse ships no types; tests read PDFs back through its library entry (the package index
// runs a self-test when it thinks it is the main module).
declare module 'pdf-parse/lib/pdf-parse.js' {
  function pdfParse(data: Buffer): Promise<{ text: string; numpages: number }>;
  export default pdfParse;
}
