import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Navigate } from 'react-router-dom';

import type { SessionUser } from '@/api/types';
import { AppLoader } from '@/components/app-loader';
import { GenericErrorScreen } from '@/components/error-screens';
import { paths } from '@/config/paths';
import { CustomizerDrawer } from '@/features/customizer/components/customizer-drawer';
import { InterfaceSettingsProvider } from '@/features/customizer/components/interface-settings-provider';
import { RoleSwitcher } from '@/features/role-switch/components/role-switcher';
import { RoleViewProvider } from '@/features/role-switch/components/role-view-provider';
import { useLocale } from '@/i18n/i18n-provider';
import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';
import { getMeQueryOptions } from '@/lib/auth/get-me';
import { SessionProvider } from '@/lib/auth/session';
import { StepUpProvider } from '@/components/second-factor/step-up';
import { hasVisibleMenu } from '@/lib/permissions';

import { AppLayout } from '../layout/app-layout';

/** Once per signed-in user: show the language saved in the profile. */
function useProfileLanguage(userId: number, language: 'pt-BR' | 'en') {
  const { requested, setLocale } = useLocale();
  useEffect(() => {
    if (language !== requested) setLocale(language);
    // Only when (another) user signs in, not on every language change.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deliberate: keyed on the user alone
  }, [userId]);
}

function SignedIn({ user }: { user: SessionUser }) {
  useProfileLanguage(user.id, user.language);
  return (
    <SessionProvider user={user}>
      <RoleViewProvider sessionRole={user.role} home={user.home}>
        <InterfaceSettingsProvider key={user.id} userId={user.id} serverSettings={user.interface_settings}>
          <StepUpProvider>
            <AppLayout />
          </StepUpProvider>
          <CustomizerDrawer>
            {/* The change-role demo action means something only to staff (platform users). */}
            {user.tenant.kind === 'platform' && <RoleSwitcher sessionRole={user.role} />}
          </CustomizerDrawer>
        </InterfaceSettingsProvider>
      </RoleViewProvider>
    </SessionProvider>
  );
}

/**
 * The main app, loaded lazily behind the logo-and-dots loader: asks the server who is signed in
 * (a 401 sends the user to the login page), then draws the layout with the user's menu.
 */
export default function Shell() {
  const intl = useIntl();
  const me = useQuery(getMeQueryOptions());
  const loader = <AppLoader label={intl.formatMessage(commonMessages.loading)} />;

  if (me.isPending) return loader;
  if (me.isError) {
    // 401: the API client is already taking the user to the login page.
    if (isApiError(me.error) && me.error.status === 401) return loader;
    return <GenericErrorScreen onRetry={() => void me.refetch()} />;
  }
  if (!hasVisibleMenu(me.data.menu)) return <Navigate to={paths.notAuthorized.getHref()} replace />;
  return <SignedIn user={me.data} />;
}
