import { campaignsResponse, referralsResponse, rewardsResponse } from '@exchange/contract';
import { apiRequest } from '../../shared/api/http';

export function fetchCampaigns(signal?: AbortSignal) {
  return apiRequest('/api/v1/campaigns', { schema: campaignsResponse, apikey: true, signal });
}

export function fetchRewards(uid: number, signal?: AbortSignal) {
  return apiRequest('/api/v1/rewards', { schema: rewardsResponse, apikey: true, auth: true, query: { uid }, signal });
}

export function fetchReferrals(uid: number, signal?: AbortSignal) {
  return apiRequest('/api/v1/referrals', { schema: referralsResponse, apikey: true, auth: true, query: { uid }, signal });
}
