import { Controller, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppError, clientAddress } from '@gallery/platform';
import { PhotosReadyRequests } from './photos-ready-requests.js';

/**
 * POST /unsubscribe/{token}: the one-click unsubscribe of a mail's List-Unsubscribe header (RFC 8058). The mail
 * client posts `List-Unsubscribe=One-Click` with no cookie and no page, so the signed token alone says what stops:
 * a guest's photos-ready mail, or a gallery's daily digest. A GET does nothing (mail scanners follow links).
 * 200 once stopped (again: still 200); a token this service did not sign, 400 MAIL_STOP_LINK_INVALID (429
 * RATE_LIMITED after many), answered as GraphQL errors are.
 */
@Controller('unsubscribe')
export class OneClickStopController {
  constructor(@Inject(PhotosReadyRequests) private readonly requests: PhotosReadyRequests) {}

  @Post(':token')
  @HttpCode(200)
  async stop(
    @Param('token') token: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    try {
      await this.requests.stopByLink(token, clientAddress(request));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      response
        .status(error.code === 'RATE_LIMITED' ? 429 : 400)
        .json({ errors: [{ message: error.message, extensions: { code: error.code } }] });
      return;
    }
    response.json({ stopped: true });
  }
}
