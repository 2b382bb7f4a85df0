import { helpAnnouncementsResponse, helpArticleResponse, type HelpCategory } from '@exchange/contract';
import { apiRequest } from '../../shared/api/http';

export function fetchAnnouncements(category: HelpCategory, page: number, signal?: AbortSignal) {
  return apiRequest('/api/v1/help/announcements', {
    schema: helpAnnouncementsResponse,
    apikey: true,
    query: { category, page },
    signal,
  });
}

export function fetchArticle(slug: string, signal?: AbortSignal) {
  return apiRequest(`/api/v1/help/articles/${encodeURIComponent(slug)}`, { schema: helpArticleResponse, apikey: true, signal });
}
