import { WebSocket } from "ws";

/**
 * Makes a node process run a full garbage collection, so what its heap and RSS show next is what
 * it keeps, not garbage a collection has not reached yet. Goes through the process's inspector:
 * SIGUSR1 opens it on the port its `--inspect-port` names (NODE_OPTIONS), then the DevTools
 * protocol's HeapProfiler.collectGarbage. Resolves false when the inspector does not answer.
 */
export async function collectGarbage(pid: number, inspectPort: number): Promise<boolean> {
  try {
    process.kill(pid, "SIGUSR1");
    const target = await debuggerUrl(inspectPort);
    if (!target) return false;
    const socket = new WebSocket(target, { perMessageDeflate: false });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once("open", () => socket.send(JSON.stringify({ id: 1, method: "HeapProfiler.collectGarbage" })));
        socket.on("message", (data) => {
          if ((JSON.parse(String(data)) as { id?: number }).id === 1) resolve();
        });
        socket.once("error", reject);
        setTimeout(() => reject(new Error("no answer from the inspector")), 30_000).unref();
      });
    } finally {
      socket.close();
    }
    return true;
  } catch {
    return false;
  }
}

/** The inspector's WebSocket address, once it listens (SIGUSR1 opens it a moment later). */
async function debuggerUrl(port: number): Promise<string | null> {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/list`, { signal: AbortSignal.timeout(1000) });
      const [target] = (await response.json()) as { webSocketDebuggerUrl?: string }[];
      if (target?.webSocketDebuggerUrl) return target.webSocketDebuggerUrl;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}
