import { Button, type ButtonProps, Tooltip } from "@mantine/core";
import { type Endpoint, messages } from "@rewards/contract";
import type { ComponentPropsWithoutRef, ReactNode } from "react";
import { translateMessage } from "../lib/i18n";
import { useCanCall } from "../lib/permissions";

type SubmitIfCanProps = ButtonProps &
  Omit<ComponentPropsWithoutRef<"button">, keyof ButtonProps> & {
    /** The call the form makes: a role that may not make it sees the button disabled, with the reason. */
    call: Pick<Endpoint, "permission">;
    children: ReactNode;
  };

/**
 * A form's submit button (or, given `type="button"` and `onClick`, an action button), disabled with an
 * explanation for a role that may not make the call.
 */
export function SubmitIfCan({ call, children, ...props }: SubmitIfCanProps) {
  const allowed = useCanCall(call);
  if (allowed) {
    return (
      <Button type="submit" {...props}>
        {children}
      </Button>
    );
  }
  // data-disabled rather than disabled: a disabled button gets no hover, so its tooltip would never show.
  return (
    <Tooltip label={translateMessage(messages.roleForbidden)}>
      <Button
        {...props}
        type="button"
        loading={false}
        data-disabled
        aria-disabled
        onClick={(event) => event.preventDefault()}
      >
        {children}
      </Button>
    </Tooltip>
  );
}
