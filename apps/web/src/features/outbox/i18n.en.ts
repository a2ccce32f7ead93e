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
