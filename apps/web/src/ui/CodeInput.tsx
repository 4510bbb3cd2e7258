import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * A 6-digit one-time code: one plain field (pasting and the phone's code autofill
 * work, screen readers read one input), digits only.
 */
export function CodeInput(props: Omit<TextInputProps, 'onChange'> & { onChange?: (value: string) => void }) {
  const { onChange, ...rest } = props;
  return (
    <TextInput
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      required
      data-testid="code-input"
      styles={{ input: { letterSpacing: '0.4em', fontVariantNumeric: 'tabular-nums' } }}
      {...rest}
      onChange={(event) => onChange?.(event.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
    />
  );
}
