import { Controller, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { mailLanguage, type MailLanguage } from '@gallery/contracts';
import { AppError, clientAddress } from '@gallery/platform';
import { FROM_PAGE_QUERY, oneClickStopPage, type OneClickStopPageState } from './one-click-stop.page.js';
import { PhotosReadyRequests } from './photos-ready-requests.js';

/**
 * /unsubscribe/{token}: the one-click unsubscribe of a mail's List-Unsubscribe header (RFC 8058). The mail
 * client posts `List-Unsubscribe=One-Click` with no cookie and no page, so the signed token alone says what stops:
 * a guest's photos-ready mail, or a gallery's daily digest. POST: 200 once stopped (again: still 200); a token
 * this service did not sign, 400 MAIL_STOP_LINK_INVALID (429 RATE_LIMITED after many), answered as GraphQL errors
 * are. GET (a person who opened the link, or a mail scanner) stops nothing: a small page in the mail's language
 * says what would stop, with one button that POSTs here and is answered with a page.
 */
@Controller('unsubscribe')
export class OneClickStopController {
  constructor(@Inject(PhotosReadyRequests) private readonly requests: PhotosReadyRequests) {}

  @Get(':token')
  async page(
    @Param('token') token: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const asked = mailLanguage(request.headers['accept-language']);
    try {
      const link = await this.requests.describeLink(token, clientAddress(request));
      const show = link.live ? 'ask' : 'nothingLeft';
      sendPage(response, 200, link.language ?? asked, { show, kind: link.kind });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      sendRefusal(response, asked, error);
    }
  }

  @Post(':token')
  @HttpCode(200)
  async stop(
    @Param('token') token: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const fromPage = request.query[FROM_PAGE_QUERY] === '1';
    const asked = mailLanguage(request.headers['accept-language']);
    try {
      // The page's language and what it stops are read before the stop deletes the guest's request.
      const link = fromPage ? await this.requests.describeLink(token, clientAddress(request)) : null;
      await this.requests.stopByLink(token, clientAddress(request));
      if (link) {
        sendPage(response, 200, link.language ?? asked, { show: 'done', kind: link.kind });
        return;
      }
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (fromPage) {
        sendRefusal(response, asked, error);
        return;
      }
      response
        .status(error.code === 'RATE_LIMITED' ? 429 : 400)
        .json({ errors: [{ message: error.message, extensions: { code: error.code } }] });
      return;
    }
    response.json({ stopped: true });
  }
}

function sendPage(
  response: Response,
  status: number,
  language: MailLanguage,
  state: OneClickStopPageState,
): void {
  response
    .status(status)
    .set('cache-control', 'no-store')
    .type('html')
    .send(oneClickStopPage(language, state));
}

function sendRefusal(response: Response, language: MailLanguage, error: AppError): void {
  if (error.code === 'RATE_LIMITED') {
    const wait = error.extensions.count;
    sendPage(response, 429, language, {
      show: 'rateLimited',
      retryAfterSeconds: typeof wait === 'number' ? wait : undefined,
    });
  } else {
    sendPage(response, 400, language, { show: 'invalid' });
  }
}
