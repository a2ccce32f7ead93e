import { MESSAGES } from '@sv/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { loadFailureLog, loadFailureText } from './list-page';

describe('a list page whose load failed (spec 000 §8)', () => {
  const notFound = new ApiError(404, { requestId: 'r1', code: 'NOT_FOUND', message: 'Client not found.' });

  it("shows the server's sentence where the rows would be, else 'Error retrieving data.'", () => {
    expect(loadFailureText(notFound)).toBe('Client not found.');
    expect(loadFailureText(new Error(''))).toBe(MESSAGES.errorRetrieving);
    expect(loadFailureText('boom')).toBe(MESSAGES.errorRetrieving);
  });

  it("logs 'Error retrieving data.' plus the message", () => {
    expect(loadFailureLog(notFound)).toBe('Error retrieving data. Client not found.');
    expect(loadFailureLog(new Error(MESSAGES.errorRetrieving))).toBe('Error retrieving data.');
    expect(loadFailureLog(new Error(''))).toBe('Error retrieving data.');
  });
});
