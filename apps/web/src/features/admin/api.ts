import {
  adminAccountActionResponse,
  adminAdjustmentResponse,
  adminAdjustmentsResponse,
  adminAnnouncementResponse,
  adminCampaignResponse,
  adminCampaignsResponse,
  adminAnnouncementsResponse,
  announcementPreviewResponse,
  type AnnouncementDraft,
  type CampaignDraft,
  adminFinanceResponse,
  adminLedgerCheckResponse,
  adminKycDecisionResponse,
  adminKycResponse,
  adminKycSubmissionResponse,
  adminFeeChangeResponse,
  adminFeesResponse,
  adminListingResponse,
  adminListingsResponse,
  adminMarketActionResponse,
  adminMarketsResponse,
  adminMeResponse,
  adminSummaryResponse,
  adminUserResponse,
  adminUsersResponse,
  adminWithdrawalDecisionResponse,
  adminDepositDecisionResponse,
  adminDepositsResponse,
  adminWithdrawalsResponse,
  auditResponse,
  operatorChangeResponse,
  operatorsResponse,
  type AdminAdjustmentProposal,
  type AdminFeeChangeRequest,
  type AdminListingRequest,
  type FeeTierName,
  type AdminKycDecisionRequest,
  type AdminWithdrawalDecisionRequest,
  type OperatorChangeRequest,
} from '@exchange/contract';
import { apiRequest, ApiError, NetworkError, readToken, type Query } from '../../shared/api/http';
import { sessionEnded, watched } from './session-end';

/** Every console call: a 401 means the operator's session ended (docs/operators.md), and the console says so. */
const call: typeof apiRequest = (path, options) => watched(apiRequest(path, options));

/** The operator console's calls (docs/operators.md): each carries the session's token. */
export const fetchMe = (signal?: AbortSignal) => call('/api/admin/me', { schema: adminMeResponse, auth: true, signal });
export const fetchSummary = (signal?: AbortSignal) => call('/api/admin/summary', { schema: adminSummaryResponse, auth: true, signal });
export const searchUsers = (q: string, signal?: AbortSignal) => call('/api/admin/users', { schema: adminUsersResponse, auth: true, query: { q }, signal });
export const fetchUser = (id: string, signal?: AbortSignal) => call(`/api/admin/users/${encodeURIComponent(id)}`, { schema: adminUserResponse, auth: true, signal });
export const fetchOperators = (signal?: AbortSignal) => call('/api/admin/operators', { schema: operatorsResponse, auth: true, signal });
export const fetchAudit = (query: Query, signal?: AbortSignal) => call('/api/admin/audit', { schema: auditResponse, auth: true, query, signal });

export const fetchKycQueue = (query: Query, signal?: AbortSignal) => call('/api/admin/kyc', { schema: adminKycResponse, auth: true, query, signal });
export const fetchKycSubmission = (userId: string, signal?: AbortSignal) =>
  call(`/api/admin/kyc/${encodeURIComponent(userId)}`, { schema: adminKycSubmissionResponse, auth: true, signal });
export const decideKyc = (userId: string, body: AdminKycDecisionRequest) =>
  call(`/api/admin/kyc/${encodeURIComponent(userId)}/decision`, { method: 'POST', body: { ...body }, schema: adminKycDecisionResponse, auth: true });
export const fetchWithdrawalQueue = (query: Query, signal?: AbortSignal) => call('/api/admin/withdrawals', { schema: adminWithdrawalsResponse, auth: true, query, signal });
export const decideWithdrawal = (id: string, body: AdminWithdrawalDecisionRequest) =>
  call(`/api/admin/withdrawals/${encodeURIComponent(id)}/decision`, { method: 'POST', body: { ...body }, schema: adminWithdrawalDecisionResponse, auth: true });

export const fetchDepositQueue = (query: Query, signal?: AbortSignal) => call('/api/admin/deposits', { schema: adminDepositsResponse, auth: true, query, signal });
/** Crediting moves money (the authenticator code); a refusal's reason is what the user reads. */
export const creditDeposit = (id: string, body: { reason: string; totp_code: string; user_id?: string }) =>
  call(`/api/admin/deposits/${encodeURIComponent(id)}/credit`, { method: 'POST', body: { ...body }, schema: adminDepositDecisionResponse, auth: true });
export const refuseDeposit = (id: string, body: { reason: string }) =>
  call(`/api/admin/deposits/${encodeURIComponent(id)}/refuse`, { method: 'POST', body: { ...body }, schema: adminDepositDecisionResponse, auth: true });

/** The actions on a user's account (docs/operators.md); resetting the authenticator also takes the operator's code. */
export type AccountAction = 'freeze' | 'unfreeze' | 'end-sessions' | 'unlock-login' | 'reset-two-factor';
export const actOnAccount = (userId: string, action: AccountAction, body: { reason: string; totp_code?: string }) =>
  call(`/api/admin/users/${encodeURIComponent(userId)}/${action}`, { method: 'POST', body: { ...body }, schema: adminAccountActionResponse, auth: true });
export const fetchFinance = (signal?: AbortSignal) => call('/api/admin/finance', { schema: adminFinanceResponse, auth: true, signal });
export const runLedgerCheck = () => call('/api/admin/ledger-check', { method: 'POST', body: {}, schema: adminLedgerCheckResponse, auth: true });
export const fetchMarkets = (signal?: AbortSignal) => call('/api/admin/markets', { schema: adminMarketsResponse, auth: true, signal });
export type MarketAction = 'halt' | 'resume';
export const actOnMarket = (instId: string, action: MarketAction, body: { reason: string }) =>
  call(`/api/admin/markets/${encodeURIComponent(instId)}/${action}`, { method: 'POST', body: { ...body }, schema: adminMarketActionResponse, auth: true });
/** What the catalogue can list and what administrators listed; a listing is tradable at once (issue 43). */
export const fetchListings = (signal?: AbortSignal) => call('/api/admin/markets/listings', { schema: adminListingsResponse, auth: true, signal });
export const listMarket = (body: AdminListingRequest) => call('/api/admin/markets/listings', { method: 'POST', body: { ...body }, schema: adminListingResponse, auth: true });
/** Each fee tier's spot and futures maker and taker rates; a change takes the authenticator code. */
export const fetchFees = (signal?: AbortSignal) => call('/api/admin/fees', { schema: adminFeesResponse, auth: true, signal });
export const changeFees = (tier: FeeTierName, body: AdminFeeChangeRequest) =>
  call(`/api/admin/fees/${encodeURIComponent(tier)}`, { method: 'PUT', body: { ...body }, schema: adminFeeChangeResponse, auth: true });

/** Four-eyes adjustments: one operator proposes, another approves (with the authenticator code) or rejects; the proposer may cancel. */
export const fetchAdjustments = (query: Query, signal?: AbortSignal) => call('/api/admin/adjustments', { schema: adminAdjustmentsResponse, auth: true, query, signal });
export const proposeAdjustment = (body: AdminAdjustmentProposal) =>
  call('/api/admin/adjustments', { method: 'POST', body: { ...body }, schema: adminAdjustmentResponse, auth: true });
export const approveAdjustment = (id: string, totpCode: string) =>
  call(`/api/admin/adjustments/${encodeURIComponent(id)}/approve`, { method: 'POST', body: { totp_code: totpCode }, schema: adminAdjustmentResponse, auth: true });
export const rejectAdjustment = (id: string, reason: string) =>
  call(`/api/admin/adjustments/${encodeURIComponent(id)}/reject`, { method: 'POST', body: { reason }, schema: adminAdjustmentResponse, auth: true });

/** GET with the session's token, for the answers that are no JSON (a CSV, an image); a refusal's message is thrown. */
async function authorizedFetch(path: string, signal?: AbortSignal): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, { headers: { Authorization: `Bearer ${readToken() ?? ''}` }, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new NetworkError();
  }
  if (!response.ok) {
    if (response.status === 401) sessionEnded();
    const payload = (await response.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(payload.message ?? String(response.status), response.status);
  }
  return response;
}

/** A verification's document image as an object URL: the images are served only behind the operator's session, never at a public URL. */
export async function fetchDocumentUrl(userId: string, index: number, signal?: AbortSignal): Promise<string> {
  const response = await authorizedFetch(`/api/admin/kyc/${encodeURIComponent(userId)}/documents/${index}`, signal);
  return URL.createObjectURL(await response.blob());
}

export function changeOperator(method: 'POST' | 'DELETE', body: OperatorChangeRequest) {
  return call('/api/admin/operators', { method, body: { ...body }, schema: operatorChangeResponse, auth: true });
}

/** The filtered audit log as a CSV file the browser saves. */
export async function downloadAuditCsv(query: Query): Promise<void> {
  const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
  const response = await authorizedFetch(`/api/admin/audit.csv?${params}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'audit-log.csv';
  link.click();
  URL.revokeObjectURL(url);
}

/** The help centre's announcements written in the console (docs/operators.md). */
export const fetchAnnouncements = (signal?: AbortSignal) => call('/api/admin/announcements', { schema: adminAnnouncementsResponse, auth: true, signal });
export const previewAnnouncement = (body: string) =>
  call('/api/admin/announcements/preview', { method: 'POST', body: { body }, schema: announcementPreviewResponse, auth: true });
export const saveAnnouncement = (id: number | null, draft: AnnouncementDraft) =>
  call(id === null ? '/api/admin/announcements' : `/api/admin/announcements/${id}`, { method: id === null ? 'POST' : 'PUT', body: { ...draft }, schema: adminAnnouncementResponse, auth: true });
export const publishAnnouncement = (id: number, publish: boolean) =>
  call(`/api/admin/announcements/${id}/${publish ? 'publish' : 'unpublish'}`, { method: 'POST', body: {}, schema: adminAnnouncementResponse, auth: true });

/** The campaign banners written in the console (docs/operators.md); previewed with the announcements' route. */
export const fetchCampaigns = (signal?: AbortSignal) => call('/api/admin/campaigns', { schema: adminCampaignsResponse, auth: true, signal });
export const saveCampaign = (id: number | null, draft: CampaignDraft) =>
  call(id === null ? '/api/admin/campaigns' : `/api/admin/campaigns/${id}`, { method: id === null ? 'POST' : 'PUT', body: { ...draft }, schema: adminCampaignResponse, auth: true });
export const publishCampaign = (id: number, publish: boolean) =>
  call(`/api/admin/campaigns/${id}/${publish ? 'publish' : 'unpublish'}`, { method: 'POST', body: {}, schema: adminCampaignResponse, auth: true });
