import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnswerQuestion } from '../answer-types';
import type { MediaService } from '../question-kit';
import { FR_ANSWER_MESSAGES } from '@app/contracts/i18n/answer-messages';
import { setAnswerLanguage } from '../answer-language';
import { QuestionField } from './QuestionField';

const media: MediaService = { attach: async (_q, _f, name) => ({ id: 5, name }), release: () => undefined, urlOf: () => null };

function question(type: string, extra: Partial<AnswerQuestion> = {}): AnswerQuestion {
  return { id: 9, step_id: 1, label: 'La question', type, required: false, settings: {}, choices: [], ...extra };
}
const choices = [
  { id: 3, label: 'Trois' },
  { id: 1, label: 'Un' },
];

function field(q: AnswerQuestion, value: unknown = undefined, error: string | null = null) {
  const onChange = vi.fn();
  const view = render(<QuestionField question={q} value={value} error={error} onChange={onChange} media={media} />);
  return { onChange, view };
}

afterEach(cleanup);

describe('QuestionField', () => {
  it('labels a text field, says typing is not settled and leaving a changed field is', () => {
    const { onChange } = field(question('short_text', { help: 'Une aide', required: true }));
    const input = screen.getByLabelText(/La question/);
    expect(input.getAttribute('aria-describedby')).toMatch(/-help .*-error$/);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'abc' } });
    expect(onChange).toHaveBeenLastCalledWith('abc', false);
    fireEvent.blur(input, { target: { value: 'abc' } });
    expect(onChange).toHaveBeenLastCalledWith('abc', true);
  });

  it('settles a date or a time as soon as the phone’s picker gives it (the focus stays in the field)', () => {
    for (const [type, value] of [
      ['date', '2027-01-01'],
      ['time', '23:30'],
    ]) {
      const { onChange } = field(question(type, { settings: { max: type === 'date' ? '2026-12-31' : '19:00' } }));
      const input = screen.getByLabelText('La question');
      fireEvent.focus(input);
      fireEvent.change(input, { target: { value } });
      expect(onChange).toHaveBeenLastCalledWith(value, true);
      // Leaving the field afterwards checks nothing more.
      fireEvent.blur(input, { target: { value } });
      expect(onChange).toHaveBeenCalledTimes(1);
      cleanup();
    }
  });

  it('shows the error under the question and marks its control invalid', () => {
    field(question('number', { settings: { unit: 'kg' } }), 'x', 'Saisissez un nombre.');
    expect(screen.getByText('Saisissez un nombre.')).toBeTruthy();
    expect(screen.getByLabelText('La question').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('kg')).toBeTruthy();
  });

  it('draws choices in a fieldset and answers sorted choice ids', () => {
    const { onChange, view } = field(question('multiple_choice', { choices }), [3]);
    expect(view.container.querySelector('fieldset legend')?.textContent).toBe('La question');
    fireEvent.click(screen.getByLabelText('Un'));
    expect(onChange).toHaveBeenLastCalledWith([1, 3], true);
  });

  it('answers a dropdown, yes/no and a rating with canonical values', () => {
    const dropdown = field(question('dropdown', { choices }));
    fireEvent.change(screen.getByLabelText('La question'), { target: { value: '3' } });
    expect(dropdown.onChange).toHaveBeenLastCalledWith(3, true);
    cleanup();
    const yesNo = field(question('yes_no'));
    fireEvent.click(screen.getByLabelText('Non'));
    expect(yesNo.onChange).toHaveBeenLastCalledWith(false, true);
    cleanup();
    const rating = field(question('rating', { settings: { max: 5 } }), 2);
    expect((screen.getByLabelText('2 sur 5') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText('4 sur 5'));
    expect(rating.onChange).toHaveBeenLastCalledWith(4, true);
  });

  it('answers a matrix row by row and a ranking by moves or by keeping the order', () => {
    const matrix = field(
      question('matrix', {
        settings: {
          rows: [{ id: 'r1', label: 'Accueil' }],
          columns: [
            { id: 'c1', label: 'Bien' },
            { id: 'c2', label: 'Mal' },
          ],
        },
      }),
    );
    fireEvent.click(screen.getByLabelText('Mal'));
    expect(matrix.onChange).toHaveBeenLastCalledWith({ r1: 'c2' }, true);
    cleanup();
    const ranking = field(question('ranking', { choices }));
    fireEvent.click(screen.getByRole('button', { name: 'Descendre « Trois »' }));
    expect(ranking.onChange).toHaveBeenLastCalledWith([1, 3], true);
    fireEvent.click(screen.getByRole('button', { name: 'Garder cet ordre' }));
    expect(ranking.onChange).toHaveBeenLastCalledWith([3, 1], true);
  });

  it('hands a picked file to the media service and shows what it kept', async () => {
    const { onChange } = field(question('file'));
    const input = screen.getByLabelText('Choisir un fichier') as HTMLInputElement;
    Object.defineProperty(input, 'files', { value: [new File(['x'], 'devis.pdf', { type: 'application/pdf' })], configurable: true });
    fireEvent.change(input);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ id: 5, name: 'devis.pdf' }, true));
    cleanup();
    field(question('photo'), { id: 5, name: 'devis.pdf' });
    expect(screen.getByText('devis.pdf')).toBeTruthy();
    expect(screen.getByText('Fichier enregistré.')).toBeTruthy();
  });

  it('explains a refused position under the question', async () => {
    const original = Object.getOwnPropertyDescriptor(navigator, 'geolocation');
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: { getCurrentPosition: (_ok: unknown, fail: (e: { code: number }) => void) => fail({ code: 1 }) },
    });
    field(question('geolocation'));
    fireEvent.click(screen.getByRole('button', { name: 'Capturer ma position' }));
    expect(await screen.findByText(/Vous avez refusé l’accès à votre position/)).toBeTruthy();
    if (original) Object.defineProperty(navigator, 'geolocation', original);
    else delete (navigator as { geolocation?: unknown }).geolocation;
  });

  it('says a refused position and a refused file again in the language chosen while they show', async () => {
    const original = Object.getOwnPropertyDescriptor(navigator, 'geolocation');
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: { getCurrentPosition: (_ok: unknown, fail: (e: { code: number }) => void) => fail({ code: 1 }) },
    });
    try {
      function Page({ q }: { q: AnswerQuestion }) {
        const [, redraw] = useState(0);
        return (
          <>
            <button type="button" onClick={() => void setAnswerLanguage('en').then(() => redraw(1))}>
              English
            </button>
            <QuestionField question={q} value={undefined} error={null} onChange={() => undefined} media={media} />
          </>
        );
      }
      render(<Page q={question('geolocation')} />);
      fireEvent.click(screen.getByRole('button', { name: 'Capturer ma position' }));
      expect(await screen.findByText(/Vous avez refusé l’accès à votre position/)).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'English' }));
      expect(await screen.findByText(/You refused access to your location/)).toBeTruthy();
      await act(() => setAnswerLanguage('fr'));
      cleanup();

      render(<Page q={question('file', { settings: { allowed_types: ['application/pdf'] } })} />);
      const input = screen.getByLabelText('Choisir un fichier') as HTMLInputElement;
      Object.defineProperty(input, 'files', { value: [new File(['x'], 'photo.png', { type: 'image/png' })], configurable: true });
      fireEvent.change(input);
      const french = FR_ANSWER_MESSAGES.fileType;
      expect(await screen.findByText(french)).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'English' }));
      expect(await screen.findByText('This type of file is not accepted for this question.')).toBeTruthy();
      expect(screen.queryByText(french)).toBeNull();
    } finally {
      await setAnswerLanguage('fr');
      if (original) Object.defineProperty(navigator, 'geolocation', original);
      else delete (navigator as { geolocation?: unknown }).geolocation;
    }
  });

  it('reads a value that is no position (another type’s answer in the builder preview) as none', () => {
    // The preview keeps an answer typed before the question became a geolocation one.
    field(question('geolocation'), 'rue des Palmiers');
    expect(screen.getByRole('button', { name: 'Capturer ma position' })).toBeTruthy();
    cleanup();
    field(question('geolocation'), { latitude: 4.05, longitude: 9.7, accuracy: 12 });
    expect(screen.getByText(/4\.05000, 9\.70000/)).toBeTruthy();
  });

  it('gives back the memory of a replaced or removed photo and releases the answer as it is when the upload ends', async () => {
    const created: string[] = [];
    const revoked: string[] = [];
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = () => {
      created.push(`blob:photo-${created.length + 1}`);
      return created[created.length - 1];
    };
    URL.revokeObjectURL = (url: string) => void revoked.push(url);
    const released: unknown[] = [];
    const uploads: Array<(value: unknown) => void> = [];
    const finishUpload = async (value: unknown) => {
      await waitFor(() => expect(uploads).toHaveLength(1));
      await act(async () => uploads.shift()?.(value));
    };
    const slowMedia: MediaService = {
      attach: () => new Promise((resolve) => uploads.push(resolve)),
      release: (value) => void released.push(value),
      urlOf: () => null,
    };
    let setValue: (v: unknown) => void = () => undefined;
    function Page() {
      const [value, set] = useState<unknown>(undefined);
      setValue = set;
      return <QuestionField question={question('photo')} value={value} error={null} onChange={(v) => set(v)} media={slowMedia} />;
    }
    try {
      render(<Page />);
      const pick = (name: string) => {
        const input = screen.getByLabelText('Choisir dans la galerie') as HTMLInputElement;
        Object.defineProperty(input, 'files', { value: [new File(['png'], name, { type: 'image/png' })], configurable: true });
        fireEvent.change(input);
      };
      pick('a.png');
      await finishUpload({ pending: 'ka', name: 'a.png' });
      expect(await screen.findByText('a.png')).toBeTruthy();
      // A second photo; while it uploads the queue sends the first one (its answer becomes an id).
      pick('b.png');
      act(() => setValue({ id: 41, name: 'a.png' }));
      await finishUpload({ id: 42, name: 'b.png' });
      expect(await screen.findByText('b.png')).toBeTruthy();
      expect(released).toEqual([{ id: 41, name: 'a.png' }]);
      fireEvent.click(screen.getByRole('button', { name: 'Retirer' }));
      expect(revoked).toEqual(['blob:photo-2']);
      // A photo replaced by another gives its memory back too.
      pick('c.png');
      await finishUpload({ id: 43, name: 'c.png' });
      pick('d.png');
      await finishUpload({ id: 44, name: 'd.png' });
      expect(await screen.findByText('d.png')).toBeTruthy();
      expect(revoked).toEqual(['blob:photo-2', 'blob:photo-3']);
      expect(created).toHaveLength(4);
    } finally {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    }
  });

  it('keeps the keyboard focus on a ranking when an item reaches an end of the list or the order is kept', () => {
    function Page() {
      const [value, set] = useState<unknown>(undefined);
      return <QuestionField question={question('ranking', { choices: [...choices, { id: 7, label: 'Sept' }] })} value={value} error={null} onChange={(v) => set(v)} media={media} />;
    }
    render(<Page />);
    const keep = screen.getByRole('button', { name: 'Garder cet ordre' });
    keep.focus();
    fireEvent.click(keep);
    // Kept: the button is gone, the first item's arrow has the focus.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Descendre « Trois »' }));
    const up = screen.getByRole('button', { name: 'Monter « Un »' });
    up.focus();
    fireEvent.click(up);
    // "Un" is first now: its up arrow is disabled, its down arrow has the focus.
    expect(screen.getAllByRole('listitem')[0].textContent).toContain('Un');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Descendre « Un »' }));
    const down = screen.getByRole('button', { name: 'Descendre « Trois »' });
    down.focus();
    fireEvent.click(down);
    expect(screen.getAllByRole('listitem')[2].textContent).toContain('Trois');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Monter « Trois »' }));
  });

  it('loads the signature pad on demand', async () => {
    field(question('signature'));
    expect(await screen.findByRole('button', { name: 'Valider la signature' })).toBeTruthy();
  });

  it('sizes the signature pad again when its width changes (shown by a condition, phone turned)', async () => {
    const observed: Array<() => void> = [];
    const original = globalThis.ResizeObserver;
    globalThis.ResizeObserver = class {
      constructor(private readonly callback: () => void) {}
      observe() {
        observed.push(this.callback);
      }
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
    try {
      const { view } = field(question('signature'));
      await screen.findByRole('button', { name: 'Valider la signature' });
      const canvas = view.container.querySelector('canvas') as HTMLCanvasElement;
      let width = 0;
      Object.defineProperty(canvas, 'clientWidth', { configurable: true, get: () => width });
      const resized = (next: number) => {
        width = next;
        for (const callback of observed) callback();
      };
      // Hidden by a condition: no width, nothing sized yet.
      resized(0);
      expect(canvas.width).toBe(300);
      resized(340);
      expect(canvas.width).toBe(340 * (window.devicePixelRatio || 1));
      resized(700);
      expect(canvas.width).toBe(700 * (window.devicePixelRatio || 1));
    } finally {
      globalThis.ResizeObserver = original;
    }
  });

  it('keeps a hidden question in place', () => {
    const view = render(<QuestionField question={question('short_text')} value="" error={null} onChange={() => undefined} media={media} hidden />);
    expect((view.container.querySelector('.ans-question') as HTMLElement).hidden).toBe(true);
  });
});
