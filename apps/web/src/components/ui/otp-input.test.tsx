import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n.ts';
import { OtpInput } from './otp-input.tsx';

const i18n = initI18n();

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <OtpInput value={value} onChange={setValue} label="Verification code" />
      <output data-testid="value">{value}</output>
    </>
  );
}

const boxes = () => screen.getAllByRole<HTMLInputElement>('textbox');
const box = (index: number) => {
  const element = boxes()[index];
  if (!element) throw new Error(`no box ${String(index)}`);
  return element;
};
const value = () => screen.getByTestId('value').textContent;

describe('OtpInput', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('has six labelled boxes in a named group', () => {
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeTruthy();
    expect(boxes()).toHaveLength(6);
    expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Digit 6 of 6' })).toBeTruthy();
  });

  it('accepts digits only and moves to the next box after each digit', async () => {
    render(<Harness />);
    await userEvent.click(box(0));
    await userEvent.keyboard('1a2-3');
    expect(value()).toBe('123');
    expect(document.activeElement).toBe(boxes()[3]);
    expect(boxes().map((box) => box.value)).toEqual(['1', '2', '3', '', '', '']);
  });

  it('fills every box when a whole code is pasted, whatever box has focus', async () => {
    render(<Harness />);
    await userEvent.click(box(0));
    fireEvent.paste(box(0), { clipboardData: { getData: () => ' 987 654 ' } });
    expect(value()).toBe('987654');
    expect(
      boxes()
        .map((box) => box.value)
        .join(''),
    ).toBe('987654');
    expect(document.activeElement).toBe(boxes()[5]);
  });

  it('ignores a paste without digits', () => {
    render(<Harness />);
    fireEvent.paste(box(0), { clipboardData: { getData: () => 'abc' } });
    expect(value()).toBe('');
  });

  it('Backspace in an empty box moves to the previous box and clears it', async () => {
    render(<Harness initial="12" />);
    await userEvent.click(box(2));
    expect(document.activeElement).toBe(boxes()[2]);
    await userEvent.keyboard('{Backspace}');
    expect(value()).toBe('1');
    expect(document.activeElement).toBe(boxes()[1]);
    await userEvent.keyboard('{Backspace}');
    expect(value()).toBe('');
    expect(document.activeElement).toBe(boxes()[0]);
  });

  it('Backspace in a filled box clears that digit and stays', async () => {
    render(<Harness initial="123456" />);
    await userEvent.click(box(5));
    await userEvent.keyboard('{Backspace}');
    expect(value()).toBe('12345');
    expect(document.activeElement).toBe(boxes()[5]);
  });

  it('typing a digit over the same digit moves on (000, then 330891 from the first box)', async () => {
    render(<Harness />);
    await userEvent.click(box(0));
    await userEvent.keyboard('000');
    expect(value()).toBe('000');
    await userEvent.click(box(0));
    await userEvent.keyboard('330891');
    expect(value()).toBe('330891');
    expect(boxes().map((box) => box.value)).toEqual(['3', '3', '0', '8', '9', '1']);
  });

  it('retyping the digit a box already holds moves to the next box', async () => {
    render(<Harness initial="123456" />);
    await userEvent.click(box(2));
    await userEvent.keyboard('3');
    expect(value()).toBe('123456');
    expect(document.activeElement).toBe(boxes()[3]);
  });

  it('pasting a whole code into a later box fills every box from the first', async () => {
    render(<Harness initial="12" />);
    await userEvent.click(box(2));
    fireEvent.paste(box(2), { clipboardData: { getData: () => '654321' } });
    expect(value()).toBe('654321');
    expect(document.activeElement).toBe(boxes()[5]);
  });

  it('a whole code arriving as one input (SMS autofill) fills every box', () => {
    render(<Harness />);
    fireEvent.input(box(0), { target: { value: '246810' } });
    expect(value()).toBe('246810');
  });

  it('a letter typed into a filled box leaves it as it was', async () => {
    render(<Harness initial="12" />);
    await userEvent.click(box(1));
    await userEvent.keyboard('x');
    expect(value()).toBe('12');
    expect(box(1).value).toBe('2');
  });

  it('arrow keys move between filled boxes without changing the code; Delete clears a digit', async () => {
    render(<Harness initial="1234" />);
    await userEvent.click(box(3));
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).toBe(boxes()[1]);
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(boxes()[2]);
    await userEvent.keyboard('{Delete}');
    expect(value()).toBe('124');
    expect(document.activeElement).toBe(boxes()[2]);
  });
});
