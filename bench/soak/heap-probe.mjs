// Preloaded into every server process by bench/soak (NODE_OPTIONS=--import, inherited by the
// cluster's workers): writes the process's heap and RSS to $SOAK_PROBE_DIR/<pid>.json every 2 s, so
// the bench reads heap use without an endpoint in the server or a heap snapshot. Changes nothing else.
import { writeFileSync } from 'node:fs';

const dir = process.env.SOAK_PROBE_DIR;
if (dir)
  setInterval(() => {
    const { heapUsed, heapTotal, rss } = process.memoryUsage();
    try {
      writeFileSync(`${dir}/${process.pid}.json`, JSON.stringify({ heapUsed, heapTotal, rss }));
    } catch {}
  }, 2000).unref();
