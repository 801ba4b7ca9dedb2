import { Breadcrumb, Heading, Stack } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';

import { useDocumentTitle } from '@/hooks/use-document-title';
import { commonMessages } from '@/i18n/messages';

export type Crumb = { label: string; href?: string };

/** A screen's title (h1) and breadcrumb trail. */
export function PageHeader({ title, crumbs, homeHref }: { title: string; crumbs: Crumb[]; homeHref: string }) {
  const intl = useIntl();
  useDocumentTitle(title);
  return (
    <Stack gap="2" mb="6">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      <Breadcrumb.Root aria-label={intl.formatMessage(commonMessages.breadcrumb)} size="sm">
        <Breadcrumb.List>
          <Breadcrumb.Item>
            <Breadcrumb.Link asChild color="fg.muted">
              <RouterLink to={homeHref}>{intl.formatMessage(commonMessages.home)}</RouterLink>
            </Breadcrumb.Link>
          </Breadcrumb.Item>
          {crumbs.map((crumb, index) => (
            <BreadcrumbStep key={`${crumb.label}-${index}`} crumb={crumb} last={index === crumbs.length - 1} />
          ))}
        </Breadcrumb.List>
      </Breadcrumb.Root>
    </Stack>
  );
}

function BreadcrumbStep({ crumb, last }: { crumb: Crumb; last: boolean }) {
  return (
    <>
      <Breadcrumb.Separator />
      <Breadcrumb.Item>
        {last ? (
          <Breadcrumb.CurrentLink>{crumb.label}</Breadcrumb.CurrentLink>
        ) : crumb.href ? (
          <Breadcrumb.Link asChild color="fg.muted">
            <RouterLink to={crumb.href}>{crumb.label}</RouterLink>
          </Breadcrumb.Link>
        ) : (
          <span>{crumb.label}</span>
        )}
      </Breadcrumb.Item>
    </>
  );
}
