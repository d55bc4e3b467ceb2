import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../ui/Button';
import { useUser } from '../signIn/session';

/** The header's sign-in state: "My galleries" for a signed-in owner, "Sign in" otherwise. */
export function OwnerLink() {
  const { t } = useTranslation();
  const { user } = useUser();
  return (
    <ButtonLink to="/dashboard" variant="ghost" className="owner-link" title={user?.email}>
      {user ? t('owner.myGalleries') : t('owner.signIn.link')}
    </ButtonLink>
  );
}
