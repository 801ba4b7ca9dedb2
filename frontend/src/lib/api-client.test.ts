import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, mockFetch } from '@/testing/test-utils';

import { ApiError, api, browserLocation, resetCsrfCache, setApiLanguage, setStepUpHandler, setUnauthorizedHandler } from './api-client';

function headersOf(call: unknown[] | undefined): Record<string, string> {
  return ((call?.[1] as RequestInit | undefined)?.headers ?? {}) as Record<string, string>;
}

describe('api client', () => {
  beforeEach(() => {
    resetCsrfCache();
    setApiLanguage('pt-BR');
  });
  afterEach(() => setUnauthorizedHandler(null));

  it('sends X-ORIGEM "vercel", the chosen language and same-origin cookies on every call', async () => {
    const fetchMock = mockFetch({ 'GET /auth/me': { id: 1 } });
    setApiLanguage('en');
    await api.get('/auth/me');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/auth/me');
    expect(init.credentials).toBe('include');
    expect(headersOf(fetchMock.mock.calls[0])).toMatchObject({ 'X-ORIGEM': 'vercel', 'Accept-Language': 'en' });
  });

  it('does not send a CSRF header on GET', async () => {
    const fetchMock = mockFetch({ 'GET /notifications': { items: [], unread: 0 } });
    document.cookie = 'csrftoken=abc';
    await api.get('/notifications');
    expect(headersOf(fetchMock.mock.calls[0])).not.toHaveProperty('X-CSRFToken');
  });

  it('sends the csrftoken cookie as X-CSRFToken on non-GET calls', async () => {
    const fetchMock = mockFetch({ 'POST /notifications/7/read': { ok: true }, 'PATCH /auth/profile': {} });
    document.cookie = 'csrftoken=cookie-token';
    await api.post('/notifications/7/read');
    await api.patch('/auth/profile', { name: 'Ana' });
    expect(headersOf(fetchMock.mock.calls[0])['X-CSRFToken']).toBe('cookie-token');
    expect(headersOf(fetchMock.mock.calls[1])['X-CSRFToken']).toBe('cookie-token');
    expect(headersOf(fetchMock.mock.calls[1])['X-ORIGEM']).toBe('vercel');
    expect((fetchMock.mock.calls[1]?.[1] as RequestInit).body).toBe(JSON.stringify({ name: 'Ana' }));
  });

  it('asks GET /auth/csrf for a token when the cookie is not there yet', async () => {
    const fetchMock = mockFetch({
      'GET /auth/csrf': { csrfToken: 'server-token' },
      'POST /auth/login': { id: 1 },
    });
    await api.post('/auth/login', { email: 'a@b.c', password: 'x' });
    expect(fetchMock.mock.calls.map((call) => call[0])).toEqual(['/api/auth/csrf', '/api/auth/login']);
    expect(headersOf(fetchMock.mock.calls[1])['X-CSRFToken']).toBe('server-token');
  });

  it('on 401 sends the user to the login page AND rejects with the error', async () => {
    mockFetch({ 'GET /auth/me': () => jsonResponse({ code: 'not_authenticated', message: 'Faça login' }, 401) });
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    const error = await api.get('/auth/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'not_authenticated', message: 'Faça login' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('by default navigates to /plataforma/login on 401', async () => {
    mockFetch({ 'GET /auth/me': () => jsonResponse({ code: 'not_authenticated', message: 'x' }, 401) });
    vi.spyOn(browserLocation, 'pathname').mockReturnValue('/plataforma/clients/home');
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    await expect(api.get('/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(assign).toHaveBeenCalledWith('/plataforma/login');
  });

  it('navigates once when several calls answer 401 at once', async () => {
    mockFetch({
      'GET /deposits': () => jsonResponse({ code: 'not_authenticated', message: 'x' }, 401),
      'GET /deposits/summary': () => jsonResponse({ code: 'not_authenticated', message: 'x' }, 401),
    });
    vi.spyOn(browserLocation, 'pathname').mockReturnValue('/plataforma/clients/payments');
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    await Promise.allSettled([api.get('/deposits'), api.get('/deposits/summary')]);
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('does not reload the login page on a 401 answered there (wrong password)', async () => {
    document.cookie = 'csrftoken=t';
    mockFetch({ 'POST /auth/login': () => jsonResponse({ code: 'invalid_credentials', message: 'x' }, 401) });
    vi.spyOn(browserLocation, 'pathname').mockReturnValue('/plataforma/login');
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    await expect(api.post('/auth/login', {})).rejects.toMatchObject({ code: 'invalid_credentials' });
    expect(assign).not.toHaveBeenCalled();
  });

  it('passes other statuses on unchanged, as ApiError, without redirecting', async () => {
    document.cookie = 'csrftoken=t';
    mockFetch({
      'POST /auth/login': () => jsonResponse({ code: 'too_many_attempts', message: 'Calma' }, 429),
      'GET /payouts/compliance/count': () => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    });
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    await expect(api.post('/auth/login', {})).rejects.toMatchObject({ status: 429, code: 'too_many_attempts', message: 'Calma' });
    await expect(api.get('/payouts/compliance/count')).rejects.toMatchObject({ status: 502, code: 'http_502', message: 'Bad Gateway' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('turns a failure without response into an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.get('/auth/me')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('retries once with a fresh token when the server refuses the CSRF token', async () => {
    document.cookie = 'csrftoken=stale';
    let attempts = 0;
    const fetchMock = mockFetch({
      'GET /auth/csrf': () => {
        document.cookie = 'csrftoken=fresh';
        return jsonResponse({ csrfToken: 'fresh' });
      },
      'POST /auth/password': () => {
        attempts += 1;
        return attempts === 1 ? jsonResponse({ code: 'csrf_failed', message: 'x' }, 403) : jsonResponse({ ok: true });
      },
    });
    await expect(api.post('/auth/password', {})).resolves.toEqual({ ok: true });
    const passwordCalls = fetchMock.mock.calls.filter((call) => call[0] === '/api/auth/password');
    expect(passwordCalls.map((call) => headersOf(call)['X-CSRFToken'])).toEqual(['stale', 'fresh']);
  });

  it('on 403 step_up_required asks the step-up handler, then makes the call once more', async () => {
    document.cookie = 'csrftoken=token';
    let attempts = 0;
    const fetchMock = mockFetch({
      'POST /payouts/p1/approve': () => {
        attempts += 1;
        return attempts === 1 ? jsonResponse({ code: 'step_up_required', message: 'Confirme' }, 403) : jsonResponse({ id: 'p1' });
      },
    });
    const handler = vi.fn(() => Promise.resolve(true));
    setStepUpHandler(handler);
    try {
      await expect(api.post('/payouts/p1/approve', {})).resolves.toEqual({ id: 'p1' });
      expect(handler).toHaveBeenCalledExactlyOnceWith('verify');
      expect(fetchMock.mock.calls.filter((call) => call[0] === '/api/payouts/p1/approve')).toHaveLength(2);
    } finally {
      setStepUpHandler(null);
    }
  });

  it('on 403 second_factor_enrolment_required asks the handler to enrol, then makes the call once more', async () => {
    document.cookie = 'csrftoken=token';
    let attempts = 0;
    mockFetch({
      'PATCH /members/5': () => {
        attempts += 1;
        return attempts === 1
          ? jsonResponse({ code: 'second_factor_enrolment_required', message: 'Ative' }, 403)
          : jsonResponse({ id: 5 });
      },
    });
    const handler = vi.fn(() => Promise.resolve(true));
    setStepUpHandler(handler);
    try {
      await expect(api.patch('/members/5', { role: 'client' })).resolves.toEqual({ id: 5 });
      expect(handler).toHaveBeenCalledExactlyOnceWith('enrol');
      expect(attempts).toBe(2);
    } finally {
      setStepUpHandler(null);
    }
  });

  it('other refusals never open the step-up (a 409 about keeping a second factor)', async () => {
    document.cookie = 'csrftoken=token';
    mockFetch({
      'POST /auth/security/totp/disable': () => jsonResponse({ code: 'second_factor_required', message: 'Keep one' }, 409),
    });
    const handler = vi.fn(() => Promise.resolve(true));
    setStepUpHandler(handler);
    try {
      const error = await api.post('/auth/security/totp/disable', { code: '1' }).catch((e: unknown) => e);
      expect((error as ApiError).code).toBe('second_factor_required');
      expect(handler).not.toHaveBeenCalled();
    } finally {
      setStepUpHandler(null);
    }
  });

  it('a step-up the person cancels leaves the 403 to the caller', async () => {
    document.cookie = 'csrftoken=token';
    mockFetch({ 'PUT /admin/fee-rates': () => jsonResponse({ code: 'step_up_required', message: 'Confirme' }, 403) });
    setStepUpHandler(() => Promise.resolve(false));
    try {
      const error = await api.put('/admin/fee-rates', {}).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe('step_up_required');
    } finally {
      setStepUpHandler(null);
    }
  });
});
