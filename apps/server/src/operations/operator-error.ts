/**
 * A failure the operator can act on (no server running, a directory not empty, a file that is no
 * backup): its message says what to do, and the commands print it without a stack trace.
 */
export class OperatorError extends Error {}
