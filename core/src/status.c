/* status.c - texts of the status codes of rrp/conventions.h. */
#include "rrp/conventions.h"

const char *rrp_strerror(int status)
{
  switch (status) {
    case RRP_OK:
      return "ok";
    case RRP_ESTEP:
      return "step too large for the exact map (h |Omega + h/(2J) T| >= 1)";
    case RRP_ESINGULAR:
      return "rescaled Rodrigues vector is infinite (half-turn)";
    case RRP_ENONFINITE:
      return "non-finite value (NaN or infinity)";
    case RRP_EDOMAIN:
      return "argument out of its domain";
    case RRP_ENOCONV:
      return "the implicit solve did not converge";
    default:
      return "unknown status";
  }
}
