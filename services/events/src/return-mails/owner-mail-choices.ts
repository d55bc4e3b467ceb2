import type { EntityManager } from 'typeorm';
import { OWNER_MAIL_CHOICES, type OwnerMailChoice } from '@gallery/contracts';

type Queryable = Pick<EntityManager, 'query'>;

/** The mails the couple of gallery `code` turned off (none for a gallery that no longer exists). */
export async function ownerMailsOff(db: Queryable, code: string): Promise<Set<OwnerMailChoice>> {
  const [row] = (await db.query('SELECT owner_mails_off FROM events WHERE code = $1', [code])) as {
    owner_mails_off: string[];
  }[];
  const known = new Set<string>(OWNER_MAIL_CHOICES);
  return new Set((row?.owner_mails_off ?? []).filter((mail): mail is OwnerMailChoice => known.has(mail)));
}

/** Whether the couple of gallery `code` wants `mail` (every mail is on until they turn it off). */
export async function ownerWants(db: Queryable, code: string, mail: OwnerMailChoice): Promise<boolean> {
  return !(await ownerMailsOff(db, code)).has(mail);
}

/** Turns `mails` on or off for gallery `code`, in one statement (two tabs at once lose nothing). */
export async function setOwnerMails(
  db: Queryable,
  code: string,
  mails: readonly OwnerMailChoice[],
  on: boolean,
): Promise<void> {
  await db.query(
    on
      ? `UPDATE events SET owner_mails_off = ARRAY(
           SELECT m FROM unnest(owner_mails_off) m WHERE m <> ALL($2::text[]))
         WHERE code = $1`
      : `UPDATE events SET owner_mails_off = ARRAY(
           SELECT DISTINCT m FROM unnest(owner_mails_off || $2::text[]) m ORDER BY m)
         WHERE code = $1`,
    [code, [...mails]],
  );
}
