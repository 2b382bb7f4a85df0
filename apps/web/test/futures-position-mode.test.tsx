import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { positionToolsMessages } from '@exchange/contract';
import { ApiError } from '../src/shared/api/http';
import { PositionModeControl } from '../src/features/futures/form/PositionModeControl';

afterEach(cleanup);

const answer = (position_mode: 'hedge' | 'one_way') => ({ success: true as const, message: '', position_mode });

describe('PositionModeControl', () => {
  it('shows the saved mode and switches it', async () => {
    const load = vi.fn().mockResolvedValue(answer('hedge'));
    const set = vi.fn().mockResolvedValue(answer('one_way'));
    render(<PositionModeControl signedIn load={load} set={set} />);
    await waitFor(() => expect(load).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Hedge' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'One-way' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'One-way' }).getAttribute('aria-pressed')).toBe('true'));
    expect(set).toHaveBeenCalledWith('one_way');
  });

  it('keeps the mode and shows the refusal while a position is open', async () => {
    const load = vi.fn().mockResolvedValue(answer('hedge'));
    const set = vi.fn().mockRejectedValue(new ApiError(positionToolsMessages.positionModeBusy, 409, 'POSITIONS_OPEN'));
    render(<PositionModeControl signedIn load={load} set={set} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Hedge' }).getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(screen.getByRole('button', { name: 'One-way' }));
    expect((await screen.findByRole('alert')).textContent).toBe(positionToolsMessages.positionModeBusy);
    expect(screen.getByRole('button', { name: 'Hedge' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows no mode until the saved one is read, and lets no switch go meanwhile', async () => {
    let answerWith = (_mode: 'hedge' | 'one_way') => undefined as void;
    const load = vi.fn(() => new Promise<ReturnType<typeof answer>>((resolve) => (answerWith = (mode) => resolve(answer(mode)))));
    const set = vi.fn();
    render(<PositionModeControl signedIn load={load} set={set} />);
    const hedge = screen.getByRole('button', { name: 'Hedge' }) as HTMLButtonElement;
    const oneWay = screen.getByRole('button', { name: 'One-way' }) as HTMLButtonElement;
    expect([hedge.getAttribute('aria-pressed'), oneWay.getAttribute('aria-pressed')]).toEqual(['false', 'false']);
    expect(hedge.disabled && oneWay.disabled).toBe(true);
    expect(screen.getByTestId('position-mode').getAttribute('aria-busy')).toBe('true');
    fireEvent.click(oneWay);
    expect(set).not.toHaveBeenCalled();
    answerWith('one_way');
    await waitFor(() => expect(oneWay.getAttribute('aria-pressed')).toBe('true'));
    expect(hedge.getAttribute('aria-pressed')).toBe('false');
    expect(hedge.disabled).toBe(false);
  });

  it('leaves both unpressed but usable when the mode could not be read', async () => {
    const load = vi.fn().mockRejectedValue(new Error('offline'));
    const set = vi.fn().mockResolvedValue(answer('one_way'));
    render(<PositionModeControl signedIn load={load} set={set} />);
    const oneWay = screen.getByRole('button', { name: 'One-way' }) as HTMLButtonElement;
    await waitFor(() => expect(oneWay.disabled).toBe(false));
    expect(screen.getByRole('button', { name: 'Hedge' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(oneWay);
    await waitFor(() => expect(oneWay.getAttribute('aria-pressed')).toBe('true'));
  });

  it('asks nothing of the server when signed out', () => {
    const load = vi.fn();
    const set = vi.fn();
    render(<PositionModeControl signedIn={false} load={load} set={set} />);
    fireEvent.click(screen.getByRole('button', { name: 'One-way' }));
    expect(load).not.toHaveBeenCalled();
    expect(set).not.toHaveBeenCalled();
  });
});
