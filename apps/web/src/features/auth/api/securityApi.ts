import {
  antiPhishingResponse,
  codeSentResponse,
  emailChangedResponse,
  loginHistoryResponse,
  resendOtpResponse,
  sessionEndResponse,
  successMessageResponse,
  totpEnableResponse,
  totpSetupResponse,
  type EmailChangeRequest,
  type ResetPasswordRequest,
  type TotpEnableRequest,
} from '@exchange/contract';
import { apiRequest } from '../../../shared/api/http';

const BASE = '/api/user_account';
const SECURITY = `${BASE}/security`;

/** The signed-in password change (spec 3 §4) rides on the reset calls with the bearer token. */
export function requestPasswordChangeCode(email: string) {
  return apiRequest(`${BASE}/password_reset/request`, { method: 'POST', body: { email }, schema: codeSentResponse, auth: true });
}

export function resendPasswordChangeCode(email: string) {
  return apiRequest(`${BASE}/password_reset/resend-otp`, { method: 'POST', body: { email }, schema: resendOtpResponse, auth: true });
}

export function verifyPasswordChangeCode(email: string, otp: string) {
  return apiRequest(`${BASE}/password_reset/verify_otp`, { method: 'POST', body: { email, otp }, schema: successMessageResponse, auth: true });
}

export function changePassword(body: ResetPasswordRequest) {
  return apiRequest(`${BASE}/password_reset/reset`, { method: 'POST', body, schema: successMessageResponse, auth: true });
}

export function requestEmailChangeCode(email: string) {
  return apiRequest(`${BASE}/email_reset/request`, { method: 'POST', body: { email }, schema: resendOtpResponse, auth: true });
}

export function resendEmailChangeCode(email: string) {
  return apiRequest(`${BASE}/email_reset/resend_otp`, { method: 'POST', body: { email }, schema: resendOtpResponse, auth: true });
}

export function verifyEmailChangeCode(email: string, otp: string) {
  return apiRequest(`${BASE}/email_reset/verify_otp`, { method: 'POST', body: { email, otp }, schema: successMessageResponse, auth: true });
}

export function changeEmail(body: EmailChangeRequest) {
  return apiRequest(`${BASE}/email_reset/change`, { method: 'POST', body, schema: emailChangedResponse, auth: true });
}

export function fetchLogins(userId: string, signal?: AbortSignal) {
  return apiRequest(`${SECURITY}/logins`, { query: { user_id: userId }, schema: loginHistoryResponse, auth: true, signal });
}

export function endSession(userId: string, sessionId: string) {
  return apiRequest(`${SECURITY}/sessions/${encodeURIComponent(sessionId)}`, {
    method: 'DELETE',
    query: { user_id: userId },
    schema: sessionEndResponse,
    auth: true,
  });
}

export function setupTotp(userId: string) {
  return apiRequest(`${SECURITY}/totp/setup`, { method: 'POST', body: { user_id: userId }, schema: totpSetupResponse, auth: true });
}

/** Mails the code that can stand for the password when the app is turned on. */
export function requestTotpEnableCode(userId: string) {
  return apiRequest(`${SECURITY}/totp/code`, { method: 'POST', body: { user_id: userId }, schema: resendOtpResponse, auth: true });
}

export function enableTotp(body: TotpEnableRequest) {
  return apiRequest(`${SECURITY}/totp/enable`, { method: 'POST', body, schema: totpEnableResponse, auth: true });
}

export function disableTotp(userId: string, totpCode: string) {
  return apiRequest(`${SECURITY}/totp/disable`, { method: 'POST', body: { user_id: userId, totp_code: totpCode }, schema: successMessageResponse, auth: true });
}

export function saveAntiPhishingPhrase(userId: string, phrase: string, totpCode?: string) {
  return apiRequest(`${SECURITY}/anti-phishing`, {
    method: 'POST',
    body: { user_id: userId, phrase, totp_code: totpCode },
    schema: antiPhishingResponse,
    auth: true,
  });
}
