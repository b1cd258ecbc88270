// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { KEPT_FLAG } from '../../../src/ui/own-documents/kept-flag';
import { useOwnDocuments } from '../../../src/ui/own-documents/use-own-documents';
import { libraryIndex } from '../../helpers/engine';

afterEach(cleanup);

const kept = () => {
  const local = new Map<string, string>([[KEPT_FLAG, '1']]);
  return { getItem: (key: string) => local.get(key) ?? null } as Storage;
};

const label = { question: 'How long can I borrow a DVD for?', answerable: true, passages: ['a#b'] };

describe("the visitor's own documents as the page holds them", () => {
  it('sends questions to the documents once built, and to the manual again once removed', () => {
    const { result } = renderHook(() => useOwnDocuments({ canBuild: true, local: undefined }));
    expect(result.current.corpus).toBe('bundled');
    const index = libraryIndex();
    act(() => result.current.built(index, [label]));
    expect(result.current.corpus).toBe('own');
    expect(result.current.own).toMatchObject({ build: 1, index, passages: index.passages.length });
    expect(result.current.labels).toEqual([label]);
    act(() => result.current.switchTo('bundled'));
    expect(result.current.corpus).toBe('bundled');
    act(() => result.current.built(index, []));
    expect(result.current.own?.build).toBe(2);
    act(() => result.current.remove());
    expect(result.current).toMatchObject({ corpus: 'bundled', own: undefined, labels: [] });
    // Chosen with no documents built, the questions still go to the manual.
    act(() => result.current.switchTo('own'));
    expect(result.current.corpus).toBe('bundled');
  });

  it('keeps a threshold applied to the documents, and whether it was measured on words alone until rebuilt', () => {
    const { result } = renderHook(() => useOwnDocuments({ canBuild: true, local: undefined }));
    act(() => result.current.built(libraryIndex(), []));
    const gate = { threshold: 0.3, minMargin: 0, source: 'calibrated on 12 questions' };
    act(() => result.current.applyGate(gate, true));
    expect(result.current.own?.engine.gate).toEqual(gate);
    expect(result.current.own?.index.gate).toEqual(gate);
    expect(result.current.measuredOnWords).toBe(true);
    act(() => result.current.built(libraryIndex(), []));
    expect(result.current.measuredOnWords).toBe(false);
  });

  it('numbers each pick of files, so the newest wins over one still being read', () => {
    const { result } = renderHook(() => useOwnDocuments({ canBuild: true, local: undefined }));
    act(() => result.current.bring([], []));
    act(() => result.current.bring([], []));
    expect(result.current.incoming?.id).toBe(2);
  });

  it('reads kept documents back only when the page can index documents', () => {
    expect(renderHook(() => useOwnDocuments({ canBuild: true, local: kept() })).result.current.restore).toBe(
      true,
    );
    expect(renderHook(() => useOwnDocuments({ canBuild: false, local: kept() })).result.current.restore).toBe(
      false,
    );
    expect(
      renderHook(() => useOwnDocuments({ canBuild: true, local: undefined })).result.current.restore,
    ).toBe(false);
  });
});
