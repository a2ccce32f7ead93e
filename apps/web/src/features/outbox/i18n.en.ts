import { addCatalogue } from '../../lib/i18n';

/** Strings of the Message Outbox screen (issue 2 §7). */
addCatalogue('en', {
  outbox: {
    title: 'Message Outbox',
    intro:
      'Every e-mail and text message the application produced. Without an SMTP server or SMS provider configured, messages stay here instead of being delivered.',
    tableCaption: 'Outbound messages',
    empty: 'No messages yet.',
    channelFilter: 'Channel',
    allChannels: 'All channels',
    bodyLabel: 'Message',
    noSubject: '(no subject)',
    refresh: 'Refresh',
    retry: 'Send again',
    retryLabel: 'Send the message to {{to}} again',
    retrySent: 'The message was sent.',
    retryQueued: 'The message could not be delivered yet; it will be tried again automatically.',
    retryFailed: 'The message could not be queued again. Refresh the page and try again.',
    lastError_one: 'Last attempt failed ({{count}} attempt): {{error}}',
    lastError_other: 'Last attempt failed ({{count}} attempts): {{error}}',
    col: {
      date: 'Date',
      channel: 'Channel',
      to: 'To',
      subject: 'Subject',
      status: 'Status',
    },
    channel: {
      email: 'E-mail',
      sms: 'SMS',
    },
    status: {
      queued: 'Queued',
      sent: 'Sent',
      outbox: 'In outbox',
      failed: 'Failed',
    },
    kind: {
      password: 'Password link',
      emergency: 'Emergency',
    },
  },
});
