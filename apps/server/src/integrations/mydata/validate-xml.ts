import { readFile } from "node:fs/promises";
import { validateXML } from "xmllint-wasm";

const XSD_DIRECTORY = new URL("./xsd/", import.meta.url);
const MAIN_SCHEMA = "InvoicesDoc-v1.0.10.xsd";
const INCLUDED_SCHEMAS = [
  "SimpleTypes-v1.0.10.xsd",
  "incomeClassification-v1.0.10.xsd",
  "expensesClassification-v1.0.10.xsd",
] as const;

let schemas: Promise<{ main: { fileName: string; contents: string }; preload: { fileName: string; contents: string }[] }> | null =
  null;

function loadSchemas() {
  schemas ??= (async () => {
    const read = async (fileName: string) => ({ fileName, contents: await readFile(new URL(fileName, XSD_DIRECTORY), "utf8") });
    const [main, ...preload] = await Promise.all([read(MAIN_SCHEMA), ...INCLUDED_SCHEMAS.map(read)]);
    return { main, preload };
  })().catch((error: unknown) => {
    schemas = null;
    throw error;
  });
  return schemas;
}

export interface XmlValidation {
  valid: boolean;
  /** libxml2's messages, each with its line when it gave one, e.g. "line 1: Element 'aa': …". */
  errors: string[];
}

/**
 * Checks an InvoicesDoc against AADE's XSD 1.0.10 with libxml2 (xmllint compiled to WebAssembly,
 * so no native build), as AADE itself does before it reads a document: nothing that fails here
 * may be sent. Runs in a worker thread per call, off the event loop.
 */
export async function validateInvoicesDoc(xml: string): Promise<XmlValidation> {
  const [validation] = await validateInvoicesDocs([xml]);
  return validation;
}

/**
 * Checks several InvoicesDocs in one libxml2 run. Starting libxml2 and reading the schemas costs
 * far more than checking a document (hundreds of milliseconds against a few), so a worker that
 * sends a batch checks the batch at once. Answers in the order given.
 */
export async function validateInvoicesDocs(xmls: readonly string[]): Promise<XmlValidation[]> {
  if (xmls.length === 0) return [];
  const { main, preload } = await loadSchemas();
  const files = xmls.map((contents, index) => ({ fileName: `invoices-${index}.xml`, contents }));
  const result = await validateXML({ xml: files, schema: main, preload });
  const errorsByFile = new Map<string, string[]>(files.map((file) => [file.fileName, []]));
  for (const error of result.errors) {
    const located = error.loc ? errorsByFile.get(error.loc.fileName) : undefined;
    if (located && error.loc) {
      located.push(`line ${error.loc.lineNumber}: ${error.message}`);
      continue;
    }
    // "invoices-1.xml fails to validate" names its file without a line; an error naming no file
    // could be any file's, so every document counts as failed.
    const named = files.find((file) => error.rawMessage.startsWith(`${file.fileName} `));
    if (named) errorsByFile.get(named.fileName)?.push(error.message);
    else for (const errors of errorsByFile.values()) errors.push(error.message);
  }
  return files.map((file) => {
    const errors = errorsByFile.get(file.fileName) ?? [];
    return { valid: result.valid || errors.length === 0, errors };
  });
}
