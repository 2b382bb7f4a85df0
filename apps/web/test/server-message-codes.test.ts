import { afterEach, describe, expect, it, vi } from 'vitest';
import { fundsMessages, withdrawMessages } from '@exchange/contract';
import { z } from 'zod';
import { ApiError, apiRequest } from '../src/shared/api/http';
import { renderHook } from '@testing-library/react';
import { codedText } from '../src/shared/i18n/codedText';
import { useStoredText } from '../src/shared/i18n/storedText';
import { activateLocale } from '../src/shared/i18n/i18n';

/** A refusal as the server sends it: the English text, its machine code, and the message code with its values. */
function refuse(body: Record<string, unknown>) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status: 403, headers: { 'Content-Type': 'application/json' } })));
}

async function refusal(): Promise<ApiError> {
  const caught = await apiRequest('/api/v1/submit-withdrawal', { method: 'POST', schema: z.unknown() }).catch((error: unknown) => error);
  if (!(caught instanceof ApiError)) throw new Error('expected an ApiError');
  return caught;
}

const dailyLimit = {
  message: withdrawMessages.dailyLimit('3000', '300.5'),
  code: 'DAILY_LIMIT',
  message_code: 'withdraw.dailyLimit',
  params: { limit: '3000', left: '300.5' },
};

afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLocale('en');
});

describe('server refusals with a message code', () => {
  it('reach the page in its language, numbers written its way', async () => {
    await activateLocale('es');
    refuse(dailyLimit);
    const error = await refusal();
    expect(error.serverMessage).toBe('Esto supera tu límite diario de retiro de 3.000 USDT (te quedan 300,5 USDT hoy)');
    expect(error.message).toBe(error.serverMessage);
    expect([error.code, error.messageCode]).toEqual(['DAILY_LIMIT', 'withdraw.dailyLimit']);
  });

  it('stay in the server’s English in English', async () => {
    refuse(dailyLimit);
    expect((await refusal()).serverMessage).toBe(dailyLimit.message);
  });

  it('keep the English when the code or its values are not the contract’s (a newer server)', async () => {
    await activateLocale('es');
    refuse({ ...dailyLimit, message_code: 'withdraw.somethingNew' });
    expect((await refusal()).serverMessage).toBe(dailyLimit.message);
    refuse({ ...dailyLimit, params: { limit: '3000' } });
    expect((await refusal()).serverMessage).toBe(dailyLimit.message);
    expect(codedText('withdraw.dailyLimit', null)).toBeNull();
  });

  it('translate a stored text filled from a template by its code, such as a deposit’s reason', async () => {
    await activateLocale('vi');
    expect(codedText('deposit.belowMinimum', { min: '0.5', symbol: 'USDT' })).toBe('Dưới mức nạp tối thiểu 0,5 USDT: đã ghi nhận, chưa cộng vào tài khoản');
    expect(fundsMessages.belowMinimum('0.5', 'USDT')).toBe('Below the minimum deposit of 0.5 USDT: recorded, not credited');
    const { result } = renderHook(() => useStoredText());
    expect(result.current(fundsMessages.belowMinimum('0.5', 'USDT'))).toBe('Dưới mức nạp tối thiểu 0,5 USDT: đã ghi nhận, chưa cộng vào tài khoản');
    // A stored text without a template goes the way of every contract text.
    expect(result.current(withdrawMessages.insufficient)).toBe('Số dư không đủ.');
  });
});
