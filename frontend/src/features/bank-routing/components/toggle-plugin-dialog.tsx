import { Text } from '@chakra-ui/react';
import { useIntl } from 'react-intl';

import type { Plugin, ProviderRoute } from '@/api/types';
import { appToaster } from '@/components/app-toaster';
import { ConfirmDialog } from '@/components/kit/confirm-dialog';
import { commonMessages } from '@/i18n/messages';
import { isApiError } from '@/lib/api-client';

import { useConfigurePlugin } from '../api/configure-plugin';
import { methodName, pluginName } from '../lib/display';
import { bankRoutingMessages as m } from '../messages';

type Props = {
  plugin: Plugin | null;
  /** The client's slug (a payment method's own setting); null for the platform. */
  client: string | null;
  scopeName: string;
  /** Every stored route: disabling a provider names the routes that use it. */
  routes: ProviderRoute[];
  nameOf: (slug: string) => string;
  onClose: () => void;
};

/** Enable or disable a payment method (per client or platform) or a bank provider, after saying what it does. */
export function TogglePluginDialog({ plugin, client, scopeName, routes, nameOf, onClose }: Props) {
  const intl = useIntl();
  const configure = useConfigurePlugin();
  const enabling = plugin ? !plugin.enabled : false;
  const name = plugin ? pluginName(intl, plugin) : '';
  // A provider's switch is the platform's whatever the view: it is configured for the platform only.
  const owner = plugin?.tenant_configurable ? client : null;

  let text = '';
  let usage = '';
  if (plugin?.kind === 'provider') {
    text = intl.formatMessage(enabling ? m.enableProvider : m.disableProvider, { name });
    const using = routes.filter((route) => route.provider === plugin.code);
    if (!enabling && using.length) {
      const list = using.map((route) => `${methodName(intl, route.method)} (${route.tenant ? nameOf(route.tenant) : intl.formatMessage(m.scopePlatform)})`);
      usage = intl.formatMessage(m.providerRoutes, { routes: intl.formatList(list, { type: 'conjunction' }) });
    }
  } else if (plugin) {
    const message = enabling ? (owner ? m.enableMethodClient : m.enableMethodPlatform) : owner ? m.disableMethodClient : m.disableMethodPlatform;
    text = intl.formatMessage(message, { name, client: scopeName });
  }

  const confirm = () => {
    if (!plugin || configure.isPending) return;
    configure.mutate(
      { kind: plugin.kind, code: plugin.code, body: { tenant: owner, enabled: enabling } },
      {
        onSuccess: () => {
          onClose();
          appToaster.create({ type: 'success', title: intl.formatMessage(enabling ? m.enabledToast : m.disabledToast, { name }) });
        },
        onError: (error) => {
          onClose();
          appToaster.create({
            type: 'error',
            title: intl.formatMessage(m.toggleFailed),
            description: isApiError(error) && error.status < 500 ? error.message : intl.formatMessage(commonMessages.tryAgainLater),
          });
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open={Boolean(plugin)}
      title={intl.formatMessage(enabling ? m.enableTitle : m.disableTitle, { name })}
      description={text}
      cancelText={intl.formatMessage(m.cancel)}
      confirmText={intl.formatMessage(enabling ? m.enable : m.disable)}
      confirmPalette={enabling ? 'green' : 'red'}
      pending={configure.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {usage && <Text fontSize="sm">{usage}</Text>}
    </ConfirmDialog>
  );
}
