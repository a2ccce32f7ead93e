import { STALE_EDIT_MESSAGE, ZInvitationSend } from '@sv/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { applyServerErrors, contractErrors, withVersion } from './use-contract-form';

describe('edits name the version they loaded (issue 23 §4)', () => {
  it('adds the loaded record’s version to an edit, nothing to a new record', () => {
    expect(withVersion({ name: 'Annex' }, { version: 7 })).toEqual({ name: 'Annex', version: 7 });
    expect(withVersion({ name: 'Annex' }, null)).toEqual({ name: 'Annex' });
    // the loaded version wins over one a form carried from an older load
    expect(withVersion({ name: 'Annex', version: 3 }, { version: 4 })).toEqual({ name: 'Annex', version: 4 });
  });

  it('a stale save answers the product’s message for the form’s alert, and leaves the typed values alone', () => {
    let errors: Record<string, string> | null = null;
    const form = { setErrors: (e: Record<string, string>) => (errors = e) };
    const err = new ApiError(409, { requestId: 'r', code: 'CONFLICT', message: STALE_EDIT_MESSAGE });
    expect(applyServerErrors(form, err)).toBe(STALE_EDIT_MESSAGE);
    expect(errors).toBeNull();
  });
});

describe('a form whose values are not the request (the form kit’s toRequest, message, field, rules)', () => {
  const values = { firstname: '', lastname: 'Park', email: '', phoneNumber: '', requestedExpirationDate: null };

  it('reports the contract’s findings on the request, one per field, in the contract’s words by default', () => {
    expect(contractErrors(ZInvitationSend, values, values, {})).toEqual({
      firstname: 'First name is required',
      email: 'Email or phone is required',
      requestedExpirationDate: 'Expiration date is required',
    });
    expect(
      contractErrors(ZInvitationSend, { ...values, firstname: 'Ann', phoneNumber: '5555550100' }, values, {}),
    ).toEqual({ requestedExpirationDate: 'Expiration date is required' });
  });

  it('puts them in the form’s words and on its fields, then adds the rules the contract cannot say', () => {
    const request = { ...values, firstname: 'Ann' };
    const errors = contractErrors(ZInvitationSend, request, values, {
      field: (path) => (path[0] === 'email' ? 'contact' : String(path[0])),
      message: (field) => (field === 'contact' ? 'Give an e-mail address or a phone number.' : undefined),
      rules: (_v, found) => ({ typeId: 'Choose a registration type.', email: found.contact, lastname: undefined }),
    });
    expect(errors).toEqual({
      contact: 'Give an e-mail address or a phone number.',
      requestedExpirationDate: 'Expiration date is required',
      typeId: 'Choose a registration type.',
      email: 'Give an e-mail address or a phone number.',
    });
  });
});
