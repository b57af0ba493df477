import { describe, expect, it, vi } from 'vitest';
import en from './content/messages.en.json';
import my from './content/messages.my.json';
import { findHelpTopic, helpTopics } from './help-topics.ts';
import {
  readHelpButtonShown,
  setHelpButtonShown,
  HELP_BUTTON_KEY,
} from './help-assistant-setting.ts';

const topicOf = (question: string) => findHelpTopic(question)?.id ?? null;

describe('the help assistant’s answers', () => {
  it('finds the topic of an English question by its words', () => {
    expect(topicOf('How can I pay with my KBZ wallet?')).toBe('pay');
    expect(topicOf('When do I receive my gift card code?')).toBe('delivery');
    expect(topicOf('I typed the wrong number, can I get my money back')).toBe('refund');
    expect(topicOf('Can I get my money back?')).toBe('refund');
    expect(topicOf('My ORDER FAILED')).toBe('failed');
    expect(topicOf('how do I change the language to Burmese')).toBe('settings');
    expect(topicOf('What are your call centre hours?')).toBe('contact');
    expect(topicOf('send a card to a friend as a gift')).toBe('gift');
  });

  it('finds the topic of a Burmese question', () => {
    expect(topicOf('ဘယ်လို ငွေပေးချေရမလဲ')).toBe('pay');
    expect(topicOf('ငွေပြန်ရနိုင်မလား')).toBe('refund');
    expect(topicOf('ပွိုင့် ဘယ်လိုရမလဲ')).toBe('points');
    expect(topicOf('ဘာသာစကား ပြောင်းချင်ပါတယ်')).toBe('settings');
  });

  it('matches English words at their start only, and answers nothing it does not know', () => {
    // "display" holds "pay" but is not about paying.
    expect(topicOf('the display is dark')).toBeNull();
    expect(topicOf('What is the weather in Yangon?')).toBeNull();
  });

  it('has every topic’s question and answer in both languages, and a link label where it links', () => {
    for (const topic of helpTopics) {
      for (const messages of [en, my]) {
        const text = (messages.helpAssistant.topics as Record<string, Record<string, string>>)[
          topic.id
        ];
        expect(text?.question, topic.id).toBeTruthy();
        expect(text?.answer, topic.id).toBeTruthy();
        expect(Boolean(text?.link), topic.id).toBe(Boolean(topic.link));
      }
    }
  });
});

describe('the help button setting', () => {
  it('is shown until turned off, and kept on the device', () => {
    expect(readHelpButtonShown()).toBe(true);
    setHelpButtonShown(false);
    expect(localStorage.getItem(HELP_BUTTON_KEY)).toBe('hidden');
    expect(readHelpButtonShown()).toBe(false);
    setHelpButtonShown(true);
    expect(readHelpButtonShown()).toBe(true);
  });

  it('holds for the visit when storage is blocked', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    setHelpButtonShown(false);
    expect(readHelpButtonShown()).toBe(false);
    vi.restoreAllMocks();
    setHelpButtonShown(true);
    expect(readHelpButtonShown()).toBe(true);
  });
});
