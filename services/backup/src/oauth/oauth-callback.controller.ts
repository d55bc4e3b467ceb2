import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import { BackupsService, OAUTH_KIND_OF_SEGMENT } from '../backups/backups.service.js';

interface RedirectResponse {
  redirect(status: number, url: string): void;
  status(code: number): { json(body: unknown): void };
}

/**
 * GET /backup/oauth/<drive>/callback, where Google or Dropbox sends the couple back after signing in (through the
 * gateway, on the product's public address). Never answers with data: always a redirect to the event page saying
 * how it went, so neither the code nor the tokens reach the browser's page.
 */
@Controller('backup/oauth')
export class OAuthCallbackController {
  constructor(@Inject(BackupsService) private readonly backups: BackupsService) {}

  @Get(':drive/callback')
  async callback(
    @Param('drive') drive: string,
    @Query() query: Record<string, unknown>,
    @Res() response: RedirectResponse,
  ): Promise<void> {
    const kind = OAUTH_KIND_OF_SEGMENT.get(drive);
    if (!kind) {
      response.status(404).json({ error: 'no such drive' });
      return;
    }
    const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
    const target = await this.backups.finishOAuth(kind, {
      code: text(query.code),
      state: text(query.state),
      error: text(query.error),
    });
    response.redirect(303, target);
  }
}
