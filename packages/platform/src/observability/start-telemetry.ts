// Imported first by each process's main.ts: tracing must be set up before the HTTP modules load.
import { startTelemetry } from './telemetry.js';

startTelemetry();
