import { readFile } from "node:fs/promises";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { runtimeFile } from "../../server-files.ts";

const XSD_DIRECTORY = runtimeFile("integrations/mydata/xsd");
const MAIN_SCHEMA = "InvoicesDoc-v1.0.10.xsd";
const INCLUDED_SCHEMAS = [
  "SimpleTypes-v1.0.10.xsd",
  "incomeClassification-v1.0.10.xsd",
  "expensesClassification-v1.0.10.xsd",
] as const;

interface InputFile {
  fileName: string;
  contents: string;
}

let schemas: Promise<InputFile[]> | null = null;

/** AADE's schema files, the main one first, read once. */
function loadSchemas(): Promise<InputFile[]> {
  schemas ??= Promise.all(
    [MAIN_SCHEMA, ...INCLUDED_SCHEMAS].map(async (fileName) => ({
      fileName,
      contents: await readFile(path.join(XSD_DIRECTORY, fileName), "utf8"),
    })),
  ).catch((error: unknown) => {
    schemas = null;
    throw error;
  });
  return schemas;
}

interface XmllintAnswer {
  exitCode: number;
  stderr: string;
}

/** xmllint's exit codes: 0 every file valid, 3 and 4 a file failed its schema; anything else is not an answer. */
const VALIDATION_FAILED = new Set([3, 4]);

/**
 * The one libxml2 thread of this process (xsd-worker.mjs), started on the first check and kept:
 * starting it costs far more than a check. It holds the process open only while a check is out.
 */
class XmllintThread {
  private worker: Worker | null = null;
  private nextId = 0;
  private readonly waiting = new Map<number, { resolve: (answer: XmllintAnswer) => void; reject: (error: Error) => void }>();

  run(inputFiles: InputFile[], args: string[]): Promise<XmllintAnswer> {
    const worker = this.started();
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ kind: "check", id, inputFiles, args });
    });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(runtimeFile("integrations/mydata/xsd-worker.mjs"));
    worker.on("message", (message: XmllintAnswer & { kind: string; id: number }) => {
      if (message?.kind !== "checked") return;
      this.waiting.get(message.id)?.resolve(message);
      this.waiting.delete(message.id);
      if (!this.waiting.size) worker.unref();
    });
    // A thread that dies fails what it held; the next check starts a new one.
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const { reject } of this.waiting.values()) reject(error);
      this.waiting.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`the XSD thread exited (${code})`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }
}

const xmllint = new XmllintThread();

export interface XmlValidation {
  valid: boolean;
  /** libxml2's messages, each with its line when it gave one, e.g. "line 1: Element 'aa': …". */
  errors: string[];
}

/**
 * Checks an InvoicesDoc against AADE's XSD 1.0.10 with libxml2 (xmllint compiled to WebAssembly,
 * so no native build), as AADE itself does before it reads a document: nothing that fails here
 * may be sent. Runs on a thread of its own, off the event loop.
 */
export async function validateInvoicesDoc(xml: string): Promise<XmlValidation> {
  const [validation] = await validateInvoicesDocs([xml]);
  return validation;
}

/**
 * Checks several InvoicesDocs in one libxml2 run: reading the schemas costs more than checking a
 * document, so a worker that sends a batch checks the batch at once. Answers in the order given.
 */
export async function validateInvoicesDocs(xmls: readonly string[]): Promise<XmlValidation[]> {
  if (xmls.length === 0) return [];
  const schemaFiles = await loadSchemas();
  const files = xmls.map((contents, index) => ({ fileName: `invoices-${index}.xml`, contents }));
  const { exitCode, stderr } = await xmllint.run(
    [...files, ...schemaFiles],
    ["--schema", MAIN_SCHEMA, "--noout", ...files.map((file) => file.fileName)],
  );
  if (exitCode !== 0 && !VALIDATION_FAILED.has(exitCode)) throw new Error(`xmllint failed (${exitCode}): ${stderr}`);

  const errorsByFile = new Map<string, string[]>(files.map((file) => [file.fileName, []]));
  for (const line of stderr.split("\n")) {
    if (!line.trim() || line.endsWith(" validates")) continue;
    // "invoices-0.xml:12: Schemas validity error : Element 'aa': …"
    const located = /^([^:]+):(\d+): (.*)$/.exec(line);
    const errors = located ? errorsByFile.get(located[1]) : undefined;
    if (located && errors) {
      errors.push(`line ${located[2]}: ${located[3].trim()}`);
      continue;
    }
    // "invoices-1.xml fails to validate" names its file without a line; a message naming no file
    // could be any file's, so every document counts as failed.
    const named = files.find((file) => line.startsWith(`${file.fileName} `));
    if (named) errorsByFile.get(named.fileName)?.push(line);
    else for (const errors of errorsByFile.values()) errors.push(line);
  }
  return files.map((file) => {
    const errors = errorsByFile.get(file.fileName) ?? [];
    return { valid: exitCode === 0 || errors.length === 0, errors };
  });
}
