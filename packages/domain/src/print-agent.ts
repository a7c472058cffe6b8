/**
 * The venue's print agent (apps/print-agent) listens here unless PRINT_AGENT_PORT says otherwise.
 * Kept in one place so the agent's default and the address the back office shows as an example
 * can never disagree.
 */
export const PRINT_AGENT_DEFAULT_PORT = 9180;

/** An address to show as an example of a print service, on a typical venue network. */
export const EXAMPLE_PRINT_SERVICE_URL = `ws://192.168.1.20:${PRINT_AGENT_DEFAULT_PORT}`;
