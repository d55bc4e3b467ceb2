import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  CHALLENGE_LIMITS,
  CHALLENGE_PROMPT_REFUSALS,
  challengePromptProblem,
  cleanChallengePrompt,
  Subjects,
  type Challenge,
} from '@gallery/contracts';
import { AppError, OutboxRelay, recordEvent } from '@gallery/platform';

/** A prompt as the owner sent it: `id` when it is one of the gallery's challenges being kept or edited. */
export interface GivenChallenge {
  id?: string | null;
  prompt: string;
}

/**
 * A gallery's photo challenges: the couple replaces the whole list at once, and media hears of each change
 * through `event.challenges-changed` in the same transaction.
 */
@Injectable()
export class GalleryChallenges {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
  ) {}

  async list(code: string): Promise<Challenge[]> {
    return (await this.dataSource.query(
      'SELECT id, prompt FROM challenges WHERE event_code = $1 ORDER BY position',
      [code],
    )) as Challenge[];
  }

  /**
   * Replaces the list: every prompt checked first (the first refused one says which, by `index`), ids of the
   * gallery's own challenges kept, any other id replaced by a new one.
   */
  async replace(code: string, given: GivenChallenge[]): Promise<Challenge[]> {
    const prompts = acceptedPrompts(given);
    const challenges = await this.dataSource.transaction(async (manager) => {
      // Serialises changes per gallery, so two saves at once end as one of them, published in that order.
      const [gallery] = (await manager.query('SELECT code FROM events WHERE code = $1 FOR UPDATE', [
        code,
      ])) as {
        code: string;
      }[];
      if (!gallery) throw new AppError('GALLERY_NOT_FOUND');
      const current = new Set(
        (
          (await manager.query('SELECT id FROM challenges WHERE event_code = $1', [code])) as { id: string }[]
        ).map((row) => row.id),
      );
      const kept = new Set<string>();
      const list = given.map((challenge, index): Challenge => {
        const id =
          challenge.id && current.has(challenge.id) && !kept.has(challenge.id) ? challenge.id : randomUUID();
        kept.add(id);
        return { id, prompt: prompts[index] };
      });
      await manager.query('DELETE FROM challenges WHERE event_code = $1', [code]);
      if (list.length > 0) {
        await manager.query(
          `INSERT INTO challenges (id, event_code, position, prompt)
           SELECT id, $1, position, prompt
             FROM unnest($2::uuid[], $3::text[]) WITH ORDINALITY AS given(id, prompt, position)`,
          [code, list.map((challenge) => challenge.id), list.map((challenge) => challenge.prompt)],
        );
      }
      await recordEvent(manager, Subjects.ChallengesChanged, { code, challenges: list });
      return list;
    });
    this.relay.kick();
    return challenges;
  }
}

/** The prompts as kept, or the refusal of the first that may not be. */
function acceptedPrompts(given: GivenChallenge[]): string[] {
  if (given.length > CHALLENGE_LIMITS.promptsPerGallery) {
    throw new AppError('CHALLENGES_TOO_MANY', { count: CHALLENGE_LIMITS.promptsPerGallery });
  }
  return given.map(({ prompt }, index) => {
    // An oversized value is refused before any work beyond this bound.
    const problem =
      prompt.length > CHALLENGE_LIMITS.promptChars * 8 ? 'tooLong' : challengePromptProblem(prompt);
    if (problem) {
      throw new AppError(CHALLENGE_PROMPT_REFUSALS[problem], {
        count: problem === 'tooLong' ? CHALLENGE_LIMITS.promptChars : undefined,
        extensions: { index },
      });
    }
    return cleanChallengePrompt(prompt);
  });
}
