export type Check = () => Promise<void>;
export interface HealthReport {
  status: 'ok' | 'unavailable';
  checks: Record<string, 'ok' | string>;
}

/** Ready only when every dependency answers within the timeout. */
export async function checkHealth(checks: Record<string, Check>, timeoutMs = 2000): Promise<HealthReport> {
  const results = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('no answer')), timeoutMs);
      });
      try {
        await Promise.race([check(), timeout]);
        return [name, 'ok'] as const;
      } catch (error) {
        return [name, error instanceof Error ? error.message : String(error)] as const;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  const report = Object.fromEntries(results);
  return { status: results.every(([, r]) => r === 'ok') ? 'ok' : 'unavailable', checks: report };
}
