import {
  loginResponse,
  resendOtpResponse,
  signupResponse,
  successMessageResponse,
  type LoginRequest,
  type ResetPasswordRequest,
  type ResetVerifyRequest,
  type SignupRequest,
  type VerifyOtpRequest,
} from '@exchange/contract';
import { apiRequest } from '../../../shared/api/http';

const BASE = '/api/user_account';

export function login(body: LoginRequest) {
  return apiRequest(`${BASE}/login`, { method: 'POST', body, schema: loginResponse });
}

export function signup(body: SignupRequest) {
  return apiRequest(`${BASE}/signup`, { method: 'POST', body, schema: signupResponse });
}

export function verifySignupOtp(body: VerifyOtpRequest) {
  return apiRequest(`${BASE}/verify-otp`, { method: 'POST', body, schema: successMessageResponse });
}

export function resendSignupOtp(email: string) {
  return apiRequest(`${BASE}/resend-otp`, { method: 'POST', body: { email }, schema: resendOtpResponse });
}

export function requestPasswordReset(email: string) {
  return apiRequest(`${BASE}/password_reset/request`, { method: 'POST', body: { email }, schema: successMessageResponse });
}

export function verifyPasswordResetOtp(body: ResetVerifyRequest) {
  return apiRequest(`${BASE}/password_reset/verify_otp`, { method: 'POST', body, schema: successMessageResponse });
}

export function resendPasswordResetOtp(email: string) {
  return apiRequest(`${BASE}/password_reset/resend-otp`, { method: 'POST', body: { email }, schema: successMessageResponse });
}

export function resetPassword(body: ResetPasswordRequest) {
  return apiRequest(`${BASE}/password_reset/reset`, { method: 'POST', body, schema: successMessageResponse });
}
