// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuestionsForm } from '../../../src/ui/own-documents/questions-form';

afterEach(cleanup);

function choose(file: { name: string; text: () => Promise<string> }) {
  const input = screen.getByLabelText('choose a questions file') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

describe('QuestionsForm', () => {
  const props = { id: 'q', label: 'Questions', submit: 'Go', text: '', onSubmit: vi.fn() };

  it('puts a chosen file’s text in the box', async () => {
    const onText = vi.fn();
    render(<QuestionsForm {...props} onText={onText} />);
    choose({ name: 'q.json', text: async () => '[]' });
    await vi.waitFor(() => expect(onText).toHaveBeenCalledWith('[]'));
  });

  it('names a chosen file it cannot read, and keeps what was typed', async () => {
    const onText = vi.fn();
    render(<QuestionsForm {...props} onText={onText} />);
    choose({
      name: 'moved.json',
      text: () => Promise.reject(new DOMException('The file could not be read.', 'NotReadableError')),
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'moved.json could not be read (The file could not be read.)',
    );
    expect(onText).not.toHaveBeenCalled();
  });
});
