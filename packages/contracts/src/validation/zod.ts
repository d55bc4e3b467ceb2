import { z } from 'zod';

// zod probes whether it may compile validators with `new Function` the first time it parses an object; the web
// app's Content-Security-Policy forbids eval, and the probe alone is reported as a violation. Plain validation is
// fast enough for forms and events.
z.config({ jitless: true });

export { z };
