import { Controller, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { clientAddress } from '@gallery/platform';
import { PhotosReadyRequests } from './photos-ready-requests.js';

/**
 * POST /unsubscribe/{token}: the one-click unsubscribe of a mail's List-Unsubscribe header (RFC 8058). The mail
 * client posts `List-Unsubscribe=One-Click` with no cookie and no page, so the signed token alone says what stops:
 * a guest's photos-ready mail, or a gallery's daily digest. A GET does nothing (mail scanners follow links).
 * 200 once stopped (again: still 200); an unsigned token is answered as GraphQL errors are, MAIL_STOP_LINK_INVALID.
 */
@Controller('unsubscribe')
export class OneClickStopController {
  constructor(@Inject(PhotosReadyRequests) private readonly requests: PhotosReadyRequests) {}

  @Post(':token')
  @HttpCode(200)
  async stop(@Param('token') token: string, @Req() request: Request): Promise<{ stopped: true }> {
    await this.requests.stopByLink(token, clientAddress(request));
    return { stopped: true };
  }
}
