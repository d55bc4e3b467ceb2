import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useUser } from './session';

/** The header's sign-in state: "My galleries" for a signed-in owner, "Sign in" otherwise. */
export function OwnerLink() {
  const { t } = useTranslation();
  const { user } = useUser();
  return (
    <Link to="/dashboard" className="button button-ghost owner-link" title={user?.email}>
      {user ? t('owner.myGalleries') : t('owner.signIn.link')}
    </Link>
  );
}
