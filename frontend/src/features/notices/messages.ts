import { type MessageDescriptor, defineMessages } from 'react-intl';

const messages = defineMessages({
  homeIntro: {
    id: 'notices.homeIntro',
    defaultMessage: 'Notices tell the people who use Cofre what they need to know: a planned maintenance, a bank holiday, a new feature. Write them in both languages on Notices; each reader sees its own.',
  },
  liveNow: { id: 'notices.liveNow', defaultMessage: 'Live now' },
  scheduledCount: { id: 'notices.scheduledCount', defaultMessage: '{count, plural, =0 {None scheduled} one {# scheduled} other {# scheduled}}' },
  noneLive: { id: 'notices.noneLive', defaultMessage: 'No notice is shown to anyone right now' },
  noneLiveHelp: { id: 'notices.noneLiveHelp', defaultMessage: 'Write one on Notices when users need to know something.' },
  write: { id: 'notices.write', defaultMessage: 'Write a notice' },
  manage: { id: 'notices.manage', defaultMessage: 'All notices' },
  intro: { id: 'notices.intro', defaultMessage: 'Shown above every screen of the chosen audience while live, in each reader’s language.' },
  table: { id: 'notices.table', defaultMessage: 'Notices' },
  loadError: { id: 'notices.loadError', defaultMessage: 'The notices could not be loaded.' },
  empty: { id: 'notices.empty', defaultMessage: 'No notices yet' },
  emptyFiltered: { id: 'notices.emptyFiltered', defaultMessage: 'No notice in this state' },
  emptyHelp: { id: 'notices.emptyHelp', defaultMessage: 'A notice you write appears here, with its state.' },
  stateFilter: { id: 'notices.stateFilter', defaultMessage: 'State' },
  allStates: { id: 'notices.allStates', defaultMessage: 'All states' },
  colMessage: { id: 'notices.col.message', defaultMessage: 'Message' },
  colAudience: { id: 'notices.col.audience', defaultMessage: 'Audience' },
  colState: { id: 'notices.col.state', defaultMessage: 'State' },
  colPeriod: { id: 'notices.col.period', defaultMessage: 'Shown' },
  colAuthor: { id: 'notices.col.author', defaultMessage: 'Written by' },
  colActions: { id: 'notices.col.actions', defaultMessage: 'Actions' },
  untilWithdrawn: { id: 'notices.untilWithdrawn', defaultMessage: 'from {start}, until taken down' },
  between: { id: 'notices.between', defaultMessage: 'from {start} to {end}' },
  withdraw: { id: 'notices.withdraw', defaultMessage: 'Take down' },
  withdrawTitle: { id: 'notices.withdrawTitle', defaultMessage: 'Take this notice down?' },
  withdrawText: { id: 'notices.withdrawText', defaultMessage: 'It stops showing to its audience at once. It stays listed here as taken down; this cannot be undone.' },
  withdrawn: { id: 'notices.withdrawn', defaultMessage: 'Notice taken down' },
  published: { id: 'notices.published', defaultMessage: 'Notice published' },
  formTitle: { id: 'notices.formTitle', defaultMessage: 'Write a notice' },
  formText: { id: 'notices.formText', defaultMessage: 'Both languages are required: each reader sees the notice in the language of its interface.' },
  messagePt: { id: 'notices.messagePt', defaultMessage: 'Message in Portuguese (Brazil)' },
  messageEn: { id: 'notices.messageEn', defaultMessage: 'Message in English' },
  audience: { id: 'notices.audience', defaultMessage: 'Audience' },
  level: { id: 'notices.level', defaultMessage: 'Kind' },
  startsAt: { id: 'notices.startsAt', defaultMessage: 'Show from' },
  startsHelp: { id: 'notices.startsHelp', defaultMessage: 'Empty: now' },
  endsAt: { id: 'notices.endsAt', defaultMessage: 'Show until' },
  endsHelp: { id: 'notices.endsHelp', defaultMessage: 'Empty: until you take it down' },
  required: { id: 'notices.required', defaultMessage: 'Required' },
  publish: { id: 'notices.publish', defaultMessage: 'Publish' },
  reviewTitle: { id: 'notices.reviewTitle', defaultMessage: 'Publish this notice?' },
  reviewText: { id: 'notices.reviewText', defaultMessage: 'Everyone in the audience sees it above every screen while it is live.' },
  cancel: { id: 'notices.cancel', defaultMessage: 'Cancel' },
  failed: { id: 'notices.failed', defaultMessage: 'The notice was not published' },
  tryAgain: { id: 'notices.tryAgain', defaultMessage: 'Please, try again later.' },
  dismiss: { id: 'notices.dismiss', defaultMessage: 'Hide this notice' },
  banner: { id: 'notices.banner', defaultMessage: 'Notices from the platform' },
});

/** Untyped descriptors: react-intl's value typing does not infer these placeholders. */
export const noticesMessages: Record<keyof typeof messages, MessageDescriptor> = messages;

export const audienceMessages: Record<string, MessageDescriptor> = defineMessages({
  everyone: { id: 'notices.audience.everyone', defaultMessage: 'Everyone' },
  staff: { id: 'notices.audience.staff', defaultMessage: 'Platform staff' },
  clients: { id: 'notices.audience.clients', defaultMessage: 'Client companies' },
  partners: { id: 'notices.audience.partners', defaultMessage: 'Partners' },
  customers: { id: 'notices.audience.customers', defaultMessage: 'Customers' },
});

export const levelMessages: Record<string, MessageDescriptor> = defineMessages({
  info: { id: 'notices.level.info', defaultMessage: 'Information' },
  warning: { id: 'notices.level.warning', defaultMessage: 'Warning' },
});

export const stateMessages: Record<string, MessageDescriptor> = defineMessages({
  live: { id: 'notices.state.live', defaultMessage: 'Live' },
  scheduled: { id: 'notices.state.scheduled', defaultMessage: 'Scheduled' },
  ended: { id: 'notices.state.ended', defaultMessage: 'Ended' },
  withdrawn: { id: 'notices.state.withdrawn', defaultMessage: 'Taken down' },
});

export const errorMessages: Record<string, MessageDescriptor> = defineMessages({
  notice_period_invalid: { id: 'notices.error.period', defaultMessage: 'The notice must end after it starts, and in the future.' },
});
