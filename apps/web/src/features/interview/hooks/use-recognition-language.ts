import { pickRecognitionLanguage } from '@candor/shared';
import { useState } from 'react';

const LANGUAGE_KEY = 'candor.recognition-language';

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

function stored(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * The recognition language: the candidate's own choice (remembered in this browser), else the
 * browser's language when the app offers it, else en-IN.
 */
export function useRecognitionLanguage(): [string, (language: string) => void] {
  const [language, setLanguage] = useState(() =>
    pickRecognitionLanguage(stored(), browserLanguages()),
  );
  const choose = (l: string) => {
    setLanguage(l);
    try {
      localStorage.setItem(LANGUAGE_KEY, l);
    } catch {
      // storage blocked: the choice lasts for this visit
    }
  };
  return [language, choose];
}
