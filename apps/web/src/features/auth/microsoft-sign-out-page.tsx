import { useEffect } from 'react';
import { FullPageLoader } from '../../app/guards';

/**
 * /Account/MicrosoftSignOut (spec 000 §2): users who signed in through Microsoft end their
 * identity-provider session too. The server answers with the provider's end-session URL.
 */
export default function MicrosoftSignOutPage() {
  useEffect(() => {
    window.location.replace('/api/auth/microsoft/sign-out');
  }, []);
  return <FullPageLoader />;
}
