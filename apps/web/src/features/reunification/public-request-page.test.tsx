import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { errorReply, fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import PublicRequestPage from './public-request-page';

const TOKEN = 'tok_0123456789abcdefghijklmnopqrstu';
const INFO = `/api/public/reunification/${TOKEN}`;
const SEND = `/api/public/reunification/${TOKEN}/requests`;

function setup() {
  const api = fakeApi();
  api.on('GET', INFO, { buildingName: 'North High School', districtName: 'North County Schools' });
  const view = renderWithProviders(<PublicRequestPage />, {
    path: '/reunify/:token',
    route: `/reunify/${TOKEN}`,
    session: null,
  });
  return { api, ...view };
}

describe('the families’ pre-request page (issue 27 §3; ADR 0050)', () => {
  afterEach(() => void i18n.changeLanguage('en'));

  it('in Spanish: the adult and two children are sent once, with the page’s language; the answer says to bring an ID', async () => {
    const { api, user } = setup();
    // the one language chooser (issue 29 §1): its button, then the language by its own name
    await user.click(await screen.findByTestId('kiosk-language'));
    await user.click(await screen.findByRole('button', { name: 'Español' }));
    await screen.findByRole('heading', { name: 'Reunificación de estudiantes' });
    await user.type(screen.getByLabelText(/Su nombre/), 'Jordan');
    await user.type(screen.getByLabelText(/Su apellido/), 'Testwood');
    await user.type(screen.getAllByLabelText(/^Nombre/)[0], 'Avery');
    await user.type(screen.getAllByLabelText(/^Apellido/)[0], 'Testwood');
    await user.click(screen.getByRole('button', { name: 'Agregar otro niño' }));
    await user.type(screen.getAllByLabelText(/^Nombre/)[1], 'Blake');
    await user.type(screen.getAllByLabelText(/^Apellido/)[1], 'Samplefield');
    api.on('POST', SEND, { ok: true, message: 'Your request was received.' });
    await user.click(screen.getByRole('button', { name: 'Enviar mi solicitud' }));
    expect(await screen.findByTestId('reunify-done')).toHaveTextContent('Recibimos su solicitud');
    const sent = api.calls('POST', SEND);
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({
      language: 'es',
      adultFirst: 'Jordan',
      adultLast: 'Testwood',
      children: [
        { firstName: 'Avery', lastName: 'Testwood' },
        { firstName: 'Blake', lastName: 'Samplefield' },
      ],
      website: '',
    });
  });

  it('a missing name is said in the page’s language and nothing is sent; a limit reached says to wait', async () => {
    const { api, user } = setup();
    await screen.findByText(/North High School \(North County Schools\)/);
    await user.click(screen.getByRole('button', { name: 'Send my request' }));
    expect((await screen.findAllByText('Required')).length).toBeGreaterThan(0);
    expect(api.calls('POST', SEND)).toHaveLength(0);
    await user.type(screen.getByLabelText(/Your first name/), 'Jordan');
    await user.type(screen.getByLabelText(/Your last name/), 'Testwood');
    await user.type(screen.getAllByLabelText(/^First name/)[0], 'Avery');
    await user.type(screen.getAllByLabelText(/^Last name/)[0], 'Testwood');
    api.on('POST', SEND, errorReply(429, 'Too many requests.', 'RATE_LIMITED'));
    await user.click(screen.getByRole('button', { name: 'Send my request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait 10 minutes');
  });

  it('a closed or unknown link says so', async () => {
    const api = fakeApi();
    api.on('GET', INFO, errorReply(404, 'closed', 'NOT_FOUND'));
    renderWithProviders(<PublicRequestPage />, { path: '/reunify/:token', route: `/reunify/${TOKEN}`, session: null });
    expect(await screen.findByRole('alert')).toHaveTextContent('This reunification link is no longer open');
  });
});
