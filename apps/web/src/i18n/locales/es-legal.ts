import type { LegalDocumentContent } from './legal.types';

/** Spanish, also read for Mexican Spanish. */
export const esLegal: { privacy: LegalDocumentContent; terms: LegalDocumentContent } = {
  privacy: {
    title: 'Política de privacidad',
    updated: '2026-11-22',
    intro:
      'Esta política explica qué datos personales trata la plataforma Enquêtes, por qué, durante cuánto tiempo y cómo puede ejercer sus derechos. Se aplica a toda persona que usa la plataforma: miembros de las empresas clientes (administradores, agentes, socios), personas que responden a los formularios y visitantes.',
    sections: [
      {
        heading: '1. Quién trata sus datos',
        paragraphs: [
          'La plataforma es un servicio compartido por varias empresas clientes. Cada empresa decide qué encuestas crea, a quién invita y qué respuestas recoge: para esos datos, es la responsable del tratamiento y el editor de la plataforma actúa como encargado, según sus instrucciones.',
          'Para los datos que el propio servicio necesita (cuentas, seguridad, facturación de las empresas), el editor de la plataforma es el responsable del tratamiento.',
        ],
      },
      {
        heading: '2. Datos recogidos',
        paragraphs: [
          'Cuenta: nombre, nombre de usuario, correo electrónico, número de teléfono, foto opcional, contraseña (guardada solo cifrada e irreversible), roles y pertenencia a empresas.',
          'Actividad: encuestas creadas, respuestas, contribuciones, evaluaciones, mensajes intercambiados en las conversaciones, archivos adjuntos y, cuando el formulario lo prevé, la ubicación en el momento de responder.',
          'Datos técnicos: referencia del dispositivo usado para iniciar sesión, registros de conexión (fecha, dirección IP, tipo de navegador) y diagnósticos de errores.',
          'Facturación: facturas, suscripciones y transacciones de las empresas clientes, incluidas las referencias de pago por dinero móvil.',
        ],
      },
      {
        heading: '3. Finalidades y bases jurídicas',
        paragraphs: [
          'Prestar el servicio (ejecución del contrato): crear y difundir encuestas, recoger y analizar las respuestas, seguir las actividades de campo, enviar notificaciones e invitaciones.',
          'Proteger la plataforma (interés legítimo): autenticación, detección de abusos, limitación de intentos de conexión, registros de auditoría.',
          'Cumplir nuestras obligaciones legales: conservación de documentos contables, respuesta a solicitudes de autoridades habilitadas.',
          'Ningún dato se vende ni se usa con fines publicitarios.',
        ],
      },
      {
        heading: '4. Separación entre empresas',
        paragraphs: [
          'Los datos de cada empresa están aislados: un miembro de una empresa nunca ve las encuestas, respuestas o usuarios de otra, salvo que usted mismo pertenezca a ambas. Los derechos de acceso dentro de una empresa los fijan sus administradores mediante roles y permisos.',
        ],
      },
      {
        heading: '5. Alojamiento y seguridad',
        paragraphs: [
          'Los datos se alojan en servidores protegidos. Los intercambios entre su navegador y la plataforma están cifrados (HTTPS). Las contraseñas se guardan en forma de hash, los tokens de sesión son de corta duración y pueden revocarse en cualquier momento desde la lista de sus dispositivos.',
          'Cuando los datos se alojan o tratan fuera de la zona CEMAC, velamos por que el proveedor ofrezca garantías de protección equivalentes.',
        ],
      },
      {
        heading: '6. Plazos de conservación',
        paragraphs: [
          'Los datos de cuenta se conservan mientras la cuenta está activa y se eliminan o anonimizan en los doce meses siguientes a su cierre.',
          'Las respuestas a las encuestas se conservan el tiempo que decida la empresa que las recogió, dentro de la duración de su suscripción.',
          'Los registros de conexión se conservan doce meses; los documentos contables, durante el plazo que impone la ley aplicable.',
        ],
      },
      {
        heading: '7. Sus derechos',
        paragraphs: [
          'Conforme a los textos aplicables, en particular la ley camerunesa sobre ciberseguridad y ciberdelincuencia y los principios del RGPD en los que nos inspiramos, usted tiene derecho de acceso, rectificación, supresión, limitación, oposición y portabilidad de sus datos.',
          'Para las respuestas recogidas por una empresa, diríjase primero a esa empresa; la ayudaremos a responder. Para su cuenta, puede modificar su información desde su perfil o escribirnos mediante el formulario de contacto. Respondemos en el plazo de un mes.',
          'También puede acudir a la autoridad de protección de datos competente en su país.',
        ],
      },
      {
        heading: '8. Cookies y almacenamiento local',
        paragraphs: [
          'La plataforma no usa cookies publicitarias. Guarda en su navegador la referencia de su dispositivo, sus preferencias (idioma, tema) y, una vez iniciada la sesión, su sesión. La aplicación puede instalarse y funcionar sin conexión: las respuestas introducidas sin conexión se guardan en el dispositivo hasta su envío.',
        ],
      },
      {
        heading: '9. Modificaciones',
        paragraphs: ['Esta política puede cambiar. La fecha de la última actualización figura en la parte superior de la página; se le informará en la aplicación de cualquier cambio importante.'],
      },
    ],
  },
  terms: {
    title: 'Condiciones generales de uso',
    updated: '2026-11-22',
    intro:
      'Estas condiciones rigen el acceso y el uso de la plataforma Enquêtes, servicio en línea que permite a las empresas crear encuestas y formularios de evaluación, difundirlos por enlace, código o código QR, recoger respuestas y seguir sus actividades de campo. Al usar la plataforma, usted acepta estas condiciones.',
    sections: [
      {
        heading: '1. Cuentas y acceso',
        paragraphs: [
          'El acceso a las funciones reservadas requiere una cuenta. Usted se compromete a dar información exacta y a mantener su contraseña en secreto. Toda acción realizada desde su cuenta se considera hecha por usted; informe sin demora de cualquier uso no autorizado.',
          'Una misma cuenta puede pertenecer a varias empresas. En cada una, sus derechos dependen del rol y de los permisos que le conceden sus administradores.',
        ],
      },
      {
        heading: '2. Papel de las empresas clientes',
        paragraphs: [
          'Cada empresa es responsable de las encuestas que publica, de las personas que invita, de la información dada a quienes responden y del uso que hace de las respuestas recogidas. Se compromete a disponer de una base legal para cada recogida y a respetar los derechos de las personas afectadas.',
        ],
      },
      {
        heading: '3. Uso aceptable',
        paragraphs: [
          'Está prohibido usar la plataforma para recoger datos sin informar a las personas, difundir contenidos ilícitos, de odio o engañosos, suplantar una identidad, intentar acceder a los datos de otra empresa, perturbar el servicio o eludir sus medidas de seguridad.',
          'Podemos suspender una cuenta o un contenido que infrinja estas reglas, tras informar a la empresa afectada salvo urgencia.',
        ],
      },
      {
        heading: '4. Contenidos y respuestas',
        paragraphs: [
          'Las encuestas, preguntas, plantillas y respuestas siguen siendo propiedad de la empresa que las creó o recogió. Esta nos concede solo los derechos necesarios para alojar, mostrar y tratar esos contenidos a fin de prestar el servicio.',
          'Quienes responden garantizan que la información y los archivos que envían son exactos y que tienen derecho a compartirlos.',
        ],
      },
      {
        heading: '5. Ofertas, facturación y pago',
        paragraphs: [
          'Algunas funciones se ofrecen en planes de pago suscritos por las empresas. Los precios se indican en francos CFA (XAF) salvo indicación contraria. Las facturas se emiten a nombre de la empresa y pueden pagarse en particular con dinero móvil; cada factura lleva un código que permite verificar su autenticidad.',
          'A falta de pago, el acceso a las funciones afectadas puede suspenderse tras un recordatorio; los datos no se eliminan durante la suspensión.',
        ],
      },
      {
        heading: '6. Disponibilidad del servicio',
        paragraphs: [
          'Hacemos todo lo posible para que la plataforma esté disponible de forma continua, también con conexiones móviles lentas; la aplicación puede guardar respuestas sin conexión y enviarlas más tarde. Aun así, pueden producirse interrupciones por mantenimiento o incidentes; cuando se despliega una nueva versión, la aplicación le propone recargarla.',
        ],
      },
      {
        heading: '7. Responsabilidad',
        paragraphs: [
          'La plataforma es una herramienta: las decisiones tomadas a partir de las encuestas y evaluaciones corresponden a la empresa que las utiliza. No respondemos de daños indirectos ni más allá de las sumas pagadas por la empresa afectada durante los últimos doce meses.',
        ],
      },
      {
        heading: '8. Datos personales',
        paragraphs: ['El tratamiento de los datos personales se describe en la política de privacidad, que forma parte integrante de estas condiciones.'],
      },
      {
        heading: '9. Resolución',
        paragraphs: ['Puede cerrar su cuenta en cualquier momento. Una empresa puede rescindir su suscripción al vencimiento; puede exportar sus encuestas y respuestas antes del cierre de su espacio.'],
      },
      {
        heading: '10. Derecho aplicable',
        paragraphs: [
          'Estas condiciones se rigen por el derecho camerunés y, en su caso, por los textos comunitarios de la CEMAC y de la OHADA. A falta de acuerdo amistoso, cualquier litigio corresponde a los tribunales competentes de Duala.',
          'Podemos modificar estas condiciones; la nueva versión se aplica desde su publicación y los cambios importantes se anuncian en la aplicación.',
        ],
      },
    ],
  },
};
