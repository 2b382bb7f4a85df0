import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyCode, OtpInput } from '../src/features/auth/components/OtpInput';

function Harness() {
  const [code, setCode] = useState(() => emptyCode(6));
  return (
    <>
      <OtpInput value={code} onChange={setCode} />
      <output data-testid="code">{code.map((d) => d || '_').join('')}</output>
    </>
  );
}

const box = (n: number) => screen.getByLabelText(`Digit ${n} of 6`) as HTMLInputElement;
const code = () => screen.getByTestId('code').textContent;

afterEach(cleanup);

describe('OtpInput', () => {
  it('labels each box and moves to the next box while typing digits only', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getAllByRole('textbox')).toHaveLength(6);
    await user.click(box(1));
    await user.keyboard('1a2');
    expect(code()).toBe('12____');
    expect(document.activeElement).toBe(box(3));
  });

  it('fills every box from a pasted 6-digit code', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(3));
    await user.paste('123456');
    expect(code()).toBe('123456');
    expect(box(6).value).toBe('6');
  });

  it('ignores letters in a paste and fills from the focused box when shorter', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(2));
    await user.paste('7a8');
    expect(code()).toBe('_78___');
  });

  it('clears a filled box on Backspace, then moves back and clears the previous one', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('123');
    expect(document.activeElement).toBe(box(4));
    await user.keyboard('{Backspace}');
    expect(code()).toBe('12____');
    expect(document.activeElement).toBe(box(3));
    await user.keyboard('{Backspace}');
    expect(code()).toBe('1_____');
    expect(document.activeElement).toBe(box(2));
  });

  it('moves with the arrow keys', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(2));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(box(1));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(box(3));
  });
});
