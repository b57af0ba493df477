import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'wouter';
import * as z from 'zod/mini';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField, fieldAria } from '../../../components/ui/form-field.tsx';
import { findHelpTopic, helpTopics, type HelpTopic } from '../help-topics.ts';

/** A question as the form takes it (ADR 0018): something typed, and not an essay. */
export const QUESTION_MAX_LENGTH = 200;
const questionFormSchema = z.object({
  question: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'helpAssistant.errors.empty' }),
      z.maxLength(QUESTION_MAX_LENGTH, { error: 'helpAssistant.errors.tooLong' }),
    ),
});
type QuestionFormValues = z.input<typeof questionFormSchema>;

type Message =
  | { id: number; from: 'you'; text: string }
  /** topic null: no answer (the support team is offered). */
  | { id: number; from: 'assistant'; topic: HelpTopic | null };

/**
 * The help assistant (ADR 0031): the shop's common questions, picked from a list or typed, and
 * their answers with a link to the page that goes further; anything it cannot answer goes to the
 * support team. It runs on the device: no question is sent anywhere.
 */
export default function HelpAssistantDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const questionId = useId();
  const topicsId = useId();
  const [messages, setMessages] = useState<Message[]>([]);
  const log = useRef<HTMLDivElement>(null);
  const form = useForm<QuestionFormValues, unknown, z.output<typeof questionFormSchema>>({
    resolver: zodResolver(questionFormSchema),
    defaultValues: { question: '' },
  });
  const { errors, submitCount } = form.formState;
  const questionError = errors.question?.message;

  useEffect(() => {
    log.current?.lastElementChild?.scrollIntoView({ block: 'nearest' });
  }, [messages]);

  const ask = (text: string, topic: HelpTopic | null) => {
    setMessages((current) => [
      ...current,
      { id: current.length, from: 'you', text },
      { id: current.length + 1, from: 'assistant', topic },
    ]);
  };

  const submit = form.handleSubmit(({ question }) => {
    ask(question, findHelpTopic(question));
    form.reset({ question: '' });
  });

  const linkOf = (topic: HelpTopic | null) =>
    topic === null
      ? { href: '/support', label: t('helpAssistant.supportLink') }
      : topic.link
        ? { href: topic.link, label: t(`helpAssistant.topics.${topic.id}.link`) }
        : null;

  return (
    <Dialog open onClose={onClose} title={t('helpAssistant.title')} className="help-assistant">
      <div
        ref={log}
        className="help-assistant__log"
        role="log"
        aria-label={t('helpAssistant.conversation')}
        // It scrolls: reachable by keyboard too.
        tabIndex={0}
        data-testid="help-log"
      >
        <p className="help-message help-message--assistant">
          <span className="visually-hidden">{t('helpAssistant.assistant')}: </span>
          {t('helpAssistant.intro')}
        </p>
        {messages.map((message) => {
          if (message.from === 'you') {
            return (
              <p key={message.id} className="help-message help-message--you">
                <span className="visually-hidden">{t('helpAssistant.you')}: </span>
                {message.text}
              </p>
            );
          }
          const link = linkOf(message.topic);
          return (
            <div
              key={message.id}
              className="help-message help-message--assistant"
              data-testid="help-answer"
              data-topic={message.topic?.id ?? 'none'}
            >
              <p>
                <span className="visually-hidden">{t('helpAssistant.assistant')}: </span>
                {message.topic
                  ? t(`helpAssistant.topics.${message.topic.id}.answer`)
                  : t('helpAssistant.noAnswer')}
              </p>
              {link ? (
                <Link href={link.href} onClick={onClose}>
                  {link.label}
                </Link>
              ) : null}
            </div>
          );
        })}
      </div>
      <section className="help-assistant__topics" aria-labelledby={topicsId}>
        <h3 id={topicsId}>{t('helpAssistant.topicsTitle')}</h3>
        <ul>
          {helpTopics.map((topic) => (
            <li key={topic.id}>
              <button
                type="button"
                className="help-assistant__topic"
                onClick={() => {
                  ask(t(`helpAssistant.topics.${topic.id}.question`), topic);
                }}
              >
                {t(`helpAssistant.topics.${topic.id}.question`)}
              </button>
            </li>
          ))}
        </ul>
      </section>
      <form className="help-assistant__form" onSubmit={(event) => void submit(event)} noValidate>
        <FormField
          id={questionId}
          label={t('helpAssistant.question')}
          error={questionError}
          attempt={submitCount}
        >
          <input
            {...form.register('question')}
            {...fieldAria(questionId, questionError)}
            type="text"
            className="ui-input"
            autoComplete="off"
            maxLength={QUESTION_MAX_LENGTH + 50}
            data-testid="help-question"
          />
        </FormField>
        <Button type="submit" data-testid="help-ask">
          {t('helpAssistant.ask')}
        </Button>
      </form>
    </Dialog>
  );
}
